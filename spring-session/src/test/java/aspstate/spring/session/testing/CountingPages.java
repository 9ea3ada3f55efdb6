package aspstate.spring.session.testing;

import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.core.Ordered;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Pages the Spring Session tests share, on Spring Boot 3 and 4 alike: a count of visits kept in the session, and a
 * page that reads its session only through {@code isRequestedSessionIdValid()}.
 */
public final class CountingPages {
    private CountingPages() {}

    /** /count answers the session's count; /add adds one to it and answers the new count. */
    @RestController
    public static class Counter {

        @GetMapping("/count")
        public String count(HttpSession session) {
            return String.valueOf(counter(session));
        }

        @GetMapping("/add")
        public String add(HttpSession session) {
            return String.valueOf(CountingPages.add(session));
        }
    }

    public static int counter(HttpSession session) {
        Integer count = (Integer) session.getAttribute("count");
        return count == null ? 0 : count;
    }

    public static int add(HttpSession session) {
        int count = counter(session) + 1;
        session.setAttribute("count", count);
        return count;
    }

    /**
     * Answers /valid after Spring Session's filter, without Spring MVC (whose flash map lookup would use, and so
     * commit, the session): the request reads its session only through isRequestedSessionIdValid().
     */
    public static FilterRegistrationBean<Filter> validityOnly() {
        FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>((request, response, chain) ->
                response.getWriter().print(((HttpServletRequest) request).isRequestedSessionIdValid()));
        registration.addUrlPatterns("/valid");
        registration.setOrder(Ordered.LOWEST_PRECEDENCE);
        return registration;
    }
}
