package aspstate.spring.session;

import org.springframework.session.ReactiveSessionRepository;
import reactor.core.publisher.Mono;

/**
 * Spring Session's reactive repository on aspstate (WebFlux), with ASP.NET's exclusive session lock: the session is
 * locked when the exchange first reads it, waiting without blocking a thread while another request holds it, and
 * unlocked when it is saved as the response is committed.
 */
public final class AspStateReactiveSessionRepository implements ReactiveSessionRepository<AspStateSession> {
    private final AspStateSessions sessions;

    AspStateReactiveSessionRepository(AspStateSessions sessions) {
        this.sessions = sessions;
    }

    @Override
    public Mono<AspStateSession> createSession() {
        return Mono.fromSupplier(sessions::create);
    }

    @Override
    public Mono<Void> save(AspStateSession session) {
        return Mono.fromFuture(() -> sessions.commit(session));
    }

    @Override
    public Mono<AspStateSession> findById(String id) {
        return Mono.fromFuture(() -> sessions.open(id))
                .flatMap(Mono::justOrEmpty)
                .map(AspStateSession::new);
    }

    @Override
    public Mono<Void> deleteById(String id) {
        return Mono.fromFuture(() -> sessions.delete(id));
    }
}
