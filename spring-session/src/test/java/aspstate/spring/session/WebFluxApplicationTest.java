package aspstate.spring.session;

import aspstate.spring.session.testing.WebFluxApplicationContract;

/** The WebFlux application on Spring Boot 3.5. */
class WebFluxApplicationTest extends WebFluxApplicationContract {}
