package aspstate.transport;

/** What a protocol's decoder tells {@link RequestDeadline}: whether it holds part of a request, and how many it framed. */
public interface RequestFraming {
    /** True while bytes of a request that is not whole yet have been read. */
    boolean midRequest();

    /** Requests framed whole so far on this connection. */
    long requestsFramed();
}
