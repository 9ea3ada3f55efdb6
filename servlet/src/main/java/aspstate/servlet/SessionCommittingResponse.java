package aspstate.servlet;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * Runs {@code beforeComplete} once, just before the application does what lets the container send the whole
 * response while the request is still running: the last byte of a body of known length, closing the body, a
 * redirect or an error. ASP.NET stores and unlocks the session before its (buffered) response goes out, so a client
 * that sends its next request as soon as it has the answer finds the session unlocked; without this, a redirect
 * after a change would make the next request wait for the lock.
 *
 * <p>A body written in pieces (flushed, or larger than the buffer) is not complete before the request ends and does
 * not run it. The length of a body written as characters is counted in characters, which is never more than its
 * bytes: the hook may then run only at the request's end, never too early.
 */
final class SessionCommittingResponse extends HttpServletResponseWrapper {
    private final Runnable beforeComplete;
    private long contentLength = -1;
    private long written;
    private boolean ran;
    private ServletOutputStream stream;
    private PrintWriter writer;

    SessionCommittingResponse(HttpServletResponse response, Runnable beforeComplete) {
        super(response);
        this.beforeComplete = beforeComplete;
    }

    private synchronized void complete() {
        if (!ran) {
            ran = true;
            beforeComplete.run();
        }
    }

    /** Counts {@code length} more body units and runs the hook if they end a body of known length. */
    private void counting(long length) {
        written += length;
        if (contentLength >= 0 && written >= contentLength) {
            complete();
        }
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
        if ("Content-Length".equalsIgnoreCase(name) && value != null) {
            try {
                contentLength = Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                contentLength = -1; // the container refuses it too; the request's end runs the hook
            }
        }
    }

    @Override
    public void sendRedirect(String location) throws IOException {
        complete();
        super.sendRedirect(location);
    }

    @Override
    public void sendError(int status) throws IOException {
        complete();
        super.sendError(status);
    }

    @Override
    public void sendError(int status, String message) throws IOException {
        complete();
        super.sendError(status, message);
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
        if (stream == null) {
            stream = new CountingStream(super.getOutputStream());
        }
        return stream;
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        if (writer == null) {
            writer = new CountingWriter(super.getWriter());
        }
        return writer;
    }

    private final class CountingStream extends ServletOutputStream {
        private final ServletOutputStream delegate;

        CountingStream(ServletOutputStream delegate) {
            this.delegate = delegate;
        }

        @Override
        public void write(int b) throws IOException {
            counting(1);
            delegate.write(b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            counting(length);
            delegate.write(bytes, offset, length);
        }

        @Override
        public void flush() throws IOException {
            delegate.flush();
        }

        @Override
        public void close() throws IOException {
            complete();
            delegate.close();
        }

        @Override
        public boolean isReady() {
            return delegate.isReady();
        }

        @Override
        public void setWriteListener(WriteListener listener) {
            delegate.setWriteListener(listener);
        }
    }

    private final class CountingWriter extends PrintWriter {
        private final PrintWriter delegate;

        CountingWriter(PrintWriter delegate) {
            super(delegate);
            this.delegate = delegate;
        }

        @Override
        public void write(int c) {
            counting(1);
            delegate.write(c);
        }

        @Override
        public void write(char[] chars, int offset, int length) {
            counting(length);
            delegate.write(chars, offset, length);
        }

        @Override
        public void write(String text, int offset, int length) {
            counting(length);
            delegate.write(text, offset, length);
        }

        @Override
        public void flush() {
            delegate.flush();
        }

        @Override
        public void close() {
            complete();
            delegate.close();
        }

        @Override
        public boolean checkError() {
            return delegate.checkError();
        }
    }
}
