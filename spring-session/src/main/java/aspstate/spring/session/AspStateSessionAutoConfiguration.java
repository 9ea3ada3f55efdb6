package aspstate.spring.session;

import aspstate.client.AspNetApplication;
import aspstate.client.LockSettings;
import aspstate.client.SessionStateClient;
import aspstate.client.SharedSessionStore;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.session.SessionRepository;
import org.springframework.session.config.annotation.web.http.EnableSpringHttpSession;
import org.springframework.session.config.annotation.web.server.EnableSpringWebSession;
import org.springframework.session.web.http.CookieSerializer;
import org.springframework.session.web.http.DefaultCookieSerializer;
import org.springframework.session.web.http.SessionRepositoryFilter;
import org.springframework.web.server.session.CookieWebSessionIdResolver;
import org.springframework.web.server.session.WebSessionIdResolver;

/**
 * Spring Boot auto-configuration: with this module on the class path, the application's HTTP sessions (servlet or
 * WebFlux) live on the aspstate servers of {@code aspstate.session.servers}, locked per request as ASP.NET locks
 * them. In the default ASPNET mode they are the sessions of the ASP.NET application {@code
 * aspstate.session.application-id}, under its cookie. {@code aspstate.session.enabled=false} turns it off.
 */
@AutoConfiguration(
        beforeName = {
            // Spring Boot 3's session and WebFlux auto-configurations, whose session beans give way to these
            "org.springframework.boot.autoconfigure.session.SessionAutoConfiguration",
            "org.springframework.boot.autoconfigure.web.reactive.HttpHandlerAutoConfiguration",
            "org.springframework.boot.autoconfigure.web.reactive.WebFluxAutoConfiguration",
            // and Spring Boot 4's
            "org.springframework.boot.session.autoconfigure.SessionAutoConfiguration",
            "org.springframework.boot.webflux.autoconfigure.HttpHandlerAutoConfiguration",
            "org.springframework.boot.webflux.autoconfigure.WebSessionIdResolverAutoConfiguration",
            "org.springframework.boot.webflux.autoconfigure.WebFluxAutoConfiguration"
        })
@ConditionalOnClass(SessionRepository.class)
@ConditionalOnProperty(prefix = "aspstate.session", name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties(AspStateSessionProperties.class)
public class AspStateSessionAutoConfiguration {

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    SessionStateClient aspStateSessionStateClient(AspStateSessionProperties properties) {
        return SessionStateClient.builder()
                .servers(properties.getServers())
                .application(application(properties))
                .networkTimeout(properties.getNetworkTimeout())
                .maxConnectionsPerServer(properties.getMaxConnectionsPerServer())
                .compressionEnabled(properties.isCompressionEnabled())
                .build();
    }

    @Bean
    AspStateSessions aspStateSessions(SessionStateClient client, AspStateSessionProperties properties) {
        LockSettings lock = new LockSettings(
                properties.getLockPollInterval(), properties.getExecutionTimeout(), properties.getMaxLockWait());
        int timeoutMinutes = (int) Math.max(1, (properties.getTimeout().getSeconds() + 59) / 60);
        SharedSessionStore store =
                new SharedSessionStore(client, lock, timeoutMinutes, properties.isCompressionEnabled());
        return new AspStateSessions(store, properties.getMode() == AspStateSessionProperties.Mode.ASPNET);
    }

    /** ASPNET mode: ASP.NET's key rule for its application; JAVA mode: the same rule for a name of our own. */
    private static AspNetApplication application(AspStateSessionProperties properties) {
        String id = properties.getApplicationId();
        if (properties.getMode() == AspStateSessionProperties.Mode.ASPNET && (id == null || id.isBlank())) {
            throw new IllegalStateException("aspstate.session.application-id is needed in ASPNET mode: the ASP.NET "
                    + "application's HttpRuntime.AppDomainAppId, e.g. /LM/W3SVC/1/ROOT/shop (or set "
                    + "aspstate.session.mode=java for sessions only Java applications share)");
        }
        return AspNetApplication.of(id == null || id.isBlank() ? "java" : id);
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    @EnableSpringHttpSession
    static class Servlet {

        @Bean
        AspStateSessionRepository sessionRepository(AspStateSessions sessions) {
            return new AspStateSessionRepository(sessions);
        }

        /** Around Spring Session's filter, so that it sees the request end after the commit. */
        @Bean
        FilterRegistrationBean<SessionLockReleaseFilter> aspStateSessionLockReleaseFilter(
                AspStateSessionRepository repository) {
            FilterRegistrationBean<SessionLockReleaseFilter> registration =
                    new FilterRegistrationBean<>(new SessionLockReleaseFilter(repository));
            registration.setOrder(SessionRepositoryFilter.DEFAULT_ORDER - 1);
            return registration;
        }

        /**
         * ASP.NET's cookie: its name, the plain id (Spring's is base64), path /, HttpOnly, SameSite Lax, set on the
         * cookie serializer Spring Boot makes (with its server.servlet.session.cookie settings). Spring Boot 3 and 4
         * name the serializer's customizer in different packages, so the serializer is set once made instead.
         */
        @Bean
        @ConditionalOnProperty(
                prefix = "aspstate.session",
                name = "mode",
                havingValue = "aspnet",
                matchIfMissing = true)
        static BeanPostProcessor aspNetSessionCookie(ObjectProvider<AspStateSessionProperties> properties) {
            return new BeanPostProcessor() {
                @Override
                public Object postProcessAfterInitialization(Object bean, String name) {
                    if (bean instanceof DefaultCookieSerializer serializer) {
                        serializer.setCookieName(properties.getObject().getCookieName());
                        serializer.setUseBase64Encoding(false);
                        serializer.setCookiePath("/");
                        serializer.setUseHttpOnlyCookie(true);
                        serializer.setSameSite("Lax");
                    }
                    return bean;
                }
            };
        }

        /**
         * Without Spring Boot's session auto-configuration (Spring Boot 4 has it in its spring-boot-session module),
         * nothing makes a cookie serializer, and Spring Session would use its own, unseen by the post-processor.
         */
        @Configuration(proxyBeanMethods = false)
        @ConditionalOnMissingClass({
            "org.springframework.boot.autoconfigure.session.SessionAutoConfiguration",
            "org.springframework.boot.session.autoconfigure.SessionAutoConfiguration"
        })
        @ConditionalOnMissingBean(CookieSerializer.class)
        static class CookieSerializerOfOurOwn {
            @Bean
            DefaultCookieSerializer aspStateCookieSerializer() {
                return new DefaultCookieSerializer();
            }
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    @EnableSpringWebSession
    static class Reactive {

        @Bean
        AspStateReactiveSessionRepository reactiveSessionRepository(AspStateSessions sessions) {
            return new AspStateReactiveSessionRepository(sessions);
        }

        @Bean
        @ConditionalOnProperty(
                prefix = "aspstate.session",
                name = "mode",
                havingValue = "aspnet",
                matchIfMissing = true)
        WebSessionIdResolver aspNetSessionIdResolver(AspStateSessionProperties properties) {
            CookieWebSessionIdResolver resolver = new CookieWebSessionIdResolver();
            resolver.setCookieName(properties.getCookieName());
            resolver.addCookieInitializer(
                    cookie -> cookie.path("/").httpOnly(true).sameSite("Lax"));
            return resolver;
        }
    }
}
