package aspstate.spring.session.boot4;

import aspstate.spring.session.testing.WebFluxApplicationContract;

/** The WebFlux application on Spring Boot 4. */
class SpringBoot4WebFluxApplicationTest extends WebFluxApplicationContract {}
