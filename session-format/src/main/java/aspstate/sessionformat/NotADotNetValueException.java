package aspstate.sessionformat;

/**
 * A Java value that ASP.NET's format cannot hold exactly: a type with no .NET counterpart, or a value outside what
 * its .NET type holds (a date before year 1, a BigDecimal of more than 96 bits, a string with a lone surrogate).
 * The message says which. Callers with a fallback of their own meet it as a matter of course, so it carries no
 * stack trace.
 */
public final class NotADotNetValueException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    NotADotNetValueException(String message) {
        super(message);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
