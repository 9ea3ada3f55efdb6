package aspstate.servlet;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * Keeps the response from reaching the client whole before the request's session is stored and unlocked, as
 * ASP.NET releases the session before its buffered response goes out: a client that sends its next request as soon
 * as it has the answer then finds the session unlocked instead of waiting for the lock.
 *
 * <p>A container sends the response whole as soon as the last byte of a body of known length is written, or the
 * body is closed. So the last byte of such a body, written through the output stream, is held back and the body's
 * close deferred until {@link #complete()}, which the filter calls once the session is committed. A redirect or an
 * error completes the response inside the container; {@code beforeSent} (committing the session) runs just before
 * them. Bodies written in pieces with no length, written asynchronously, and known-length bodies written as
 * characters (whose byte count only the container knows) are not held: at worst their session is unlocked just
 * after the client has the answer.
 */
final class SessionCommittingResponse extends HttpServletResponseWrapper {
    private final HttpServletRequest request;
    private final Runnable beforeSent;
    private long contentLength = -1;
    private long written;
    /** The end of a body of known length, held back; null while nothing is. */
    private ByteArrayOutputStream held;

    private boolean closeDeferred;
    /**
     * Whether the request's first dispatch still runs, the only time anything is held back: what a later
     * (asynchronous) dispatch writes goes out as written, as nothing would write what it held.
     */
    private volatile boolean holding = true;

    private HeldStream stream;
    private DeferredCloseWriter writer;

    SessionCommittingResponse(HttpServletRequest request, HttpServletResponse response, Runnable beforeSent) {
        super(response);
        this.request = request;
        this.beforeSent = beforeSent;
    }

    /** Writes what was held back and closes the body if the application closed it: the response may now go. */
    void complete() throws IOException {
        holding = false;
        if (held != null) {
            held.writeTo(stream.delegate);
            held = null;
        }
        if (closeDeferred) {
            if (writer != null) {
                writer.delegate.close();
            } else {
                stream.delegate.close();
            }
        }
    }

    /** Only in the request's first dispatch, and not once it went asynchronous: nothing would write what is held. */
    private boolean mayHold() {
        return holding && !request.isAsyncStarted();
    }

    @Override
    public void setContentLength(int length) {
        setContentLengthLong(length);
    }

    @Override
    public void setContentLengthLong(long length) {
        contentLength = length;
        super.setContentLengthLong(length);
    }

    @Override
    public void setHeader(String name, String value) {
        noteLength(name, value);
        super.setHeader(name, value);
    }

    @Override
    public void addHeader(String name, String value) {
        noteLength(name, value);
        super.addHeader(name, value);
    }

    @Override
    public void setIntHeader(String name, int value) {
        noteLength(name, String.valueOf(value));
        super.setIntHeader(name, value);
    }

    @Override
    public void addIntHeader(String name, int value) {
        noteLength(name, String.valueOf(value));
        super.addIntHeader(name, value);
    }

    private void noteLength(String name, String value) {
        if ("Content-Length".equalsIgnoreCase(name)) {
            try {
                contentLength = value == null ? -1 : Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                contentLength = -1; // the container refuses it too: nothing is held back
            }
        }
    }

    @Override
    public void reset() {
        super.reset();
        contentLength = -1;
        written = 0;
        held = null;
    }

    @Override
    public void resetBuffer() {
        super.resetBuffer();
        written = 0;
        held = null;
    }

    @Override
    public void sendRedirect(String location) throws IOException {
        runBeforeSent();
        super.sendRedirect(location);
    }

    @Override
    public void sendError(int status) throws IOException {
        runBeforeSent();
        super.sendError(status);
    }

    @Override
    public void sendError(int status, String message) throws IOException {
        runBeforeSent();
        super.sendError(status, message);
    }

    /**
     * Unless the response is committed already, when the container refuses what is asked (and the request fails).
     * The container drops the body written so far, and with it what was held back.
     */
    private void runBeforeSent() {
        if (!isCommitted()) {
            beforeSent.run();
            written = 0;
            held = null;
        }
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
        if (stream == null) {
            stream = new HeldStream(super.getOutputStream());
        }
        return stream;
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        if (writer == null) {
            writer = new DeferredCloseWriter(super.getWriter());
        }
        return writer;
    }

    private final class HeldStream extends ServletOutputStream {
        final ServletOutputStream delegate;
        private boolean nonBlocking;

        HeldStream(ServletOutputStream delegate) {
            this.delegate = delegate;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            if (held != null) {
                held.write(bytes, offset, length);
                return;
            }
            written += length;
            if (length == 0 || contentLength < 0 || written < contentLength || nonBlocking || !mayHold()) {
                delegate.write(bytes, offset, length);
                return;
            }
            delegate.write(bytes, offset, length - 1);
            held = new ByteArrayOutputStream(1);
            held.write(bytes, offset + length - 1, 1);
        }

        @Override
        public void flush() throws IOException {
            delegate.flush();
        }

        @Override
        public void close() throws IOException {
            if (held == null && (nonBlocking || !mayHold())) {
                delegate.close();
                return;
            }
            closeDeferred = true;
        }

        @Override
        public boolean isReady() {
            return delegate.isReady();
        }

        @Override
        public void setWriteListener(WriteListener listener) {
            nonBlocking = true;
            delegate.setWriteListener(listener);
        }
    }

    private final class DeferredCloseWriter extends PrintWriter {
        final PrintWriter delegate;

        DeferredCloseWriter(PrintWriter delegate) {
            super(delegate);
            this.delegate = delegate;
        }

        @Override
        public void close() {
            if (!mayHold()) {
                delegate.close();
                return;
            }
            closeDeferred = true;
        }

        @Override
        public boolean checkError() {
            return delegate.checkError();
        }
    }
}
