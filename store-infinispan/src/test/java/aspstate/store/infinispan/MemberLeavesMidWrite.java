package aspstate.store.infinispan;

import java.util.concurrent.atomic.AtomicReference;
import org.infinispan.Cache;
import org.infinispan.commands.VisitableCommand;
import org.infinispan.commands.functional.ReadWriteKeyCommand;
import org.infinispan.commands.write.ReplaceCommand;
import org.infinispan.commons.CacheException;
import org.infinispan.context.InvocationContext;
import org.infinispan.factories.ComponentRegistry;
import org.infinispan.interceptors.AsyncInterceptorChain;
import org.infinispan.interceptors.DDAsyncInterceptor;
import org.infinispan.remoting.transport.jgroups.SuspectException;

/**
 * Fails the next conditional write (a replace, or a {@link MetadataUpdate}) made on one node as a write fails when a member leaves mid-call and Infinispan
 * gives up on it: with a {@link SuspectException}, before the write reaches the owners or after it went in there.
 * Placed first in the cache's chain, so that Infinispan's own retry (further in) does not see it.
 */
final class MemberLeavesMidWrite extends DDAsyncInterceptor {
    enum When {
        BEFORE_IT_APPLIES,
        AFTER_IT_APPLIED
    }

    private final AtomicReference<When> next = new AtomicReference<>();

    static MemberLeavesMidWrite on(Cache<?, ?> cache) {
        MemberLeavesMidWrite interceptor = new MemberLeavesMidWrite();
        ComponentRegistry.of(cache).getComponent(AsyncInterceptorChain.class).addInterceptor(interceptor, 0);
        return interceptor;
    }

    void failNextWrite(When when) {
        next.set(when);
    }

    boolean failed() {
        return next.get() == null;
    }

    @Override
    public Object visitReplaceCommand(InvocationContext ctx, ReplaceCommand command) throws Throwable {
        return failIfAsked(ctx, command);
    }

    @Override
    public Object visitReadWriteKeyCommand(InvocationContext ctx, ReadWriteKeyCommand command) throws Throwable {
        return failIfAsked(ctx, command);
    }

    private Object failIfAsked(InvocationContext ctx, VisitableCommand command) throws Throwable {
        When when = next.getAndSet(null);
        if (when == null) {
            return invokeNext(ctx, command);
        }
        if (when == When.BEFORE_IT_APPLIES) {
            throw suspected();
        }
        return invokeNextThenApply(ctx, command, (rCtx, rCommand, rv) -> {
            throw suspected();
        });
    }

    private static CacheException suspected() {
        return new SuspectException("a member left while the write was under way");
    }
}
