package aspstate.spring.session;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Runs around Spring Session's filter and, when the request ends, gives back the lock of every session the request
 * read and Spring Session did not commit: {@code request.isRequestedSessionIdValid()} reads (and so locks) the
 * session without it ever being saved, and so can its error-page and asynchronous dispatches. Without this, the
 * next request would wait out the execution timeout.
 */
public final class SessionLockReleaseFilter extends OncePerRequestFilter {
    private final AspStateSessionRepository repository;

    public SessionLockReleaseFilter(AspStateSessionRepository repository) {
        this.repository = repository;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        AspStateSessionRepository.RequestSessions before = AspStateSessionRepository.beginRequest(request);
        try {
            chain.doFilter(request, response);
        } finally {
            repository.endRequest(before);
        }
    }

    /** Spring Session's filter runs in these dispatches too, and may lock the session there. */
    @Override
    protected boolean shouldNotFilterAsyncDispatch() {
        return false;
    }

    @Override
    protected boolean shouldNotFilterErrorDispatch() {
        return false;
    }

    @Override
    protected void doFilterNestedErrorDispatch(
            HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        doFilterInternal(request, response, chain);
    }
}
