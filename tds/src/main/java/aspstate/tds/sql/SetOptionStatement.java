package aspstate.tds.sql;

/**
 * {@code SET option[, option] value}, e.g. {@code SET ANSI_NULLS ON} or {@code SET TRANSACTION ISOLATION LEVEL
 * READ COMMITTED}: drivers send these after login. They are accepted and change nothing, because the
 * session-state procedures answer the same under every option.
 *
 * @param text the option as written, for logs
 */
public record SetOptionStatement(String text) implements BatchStatement {}
