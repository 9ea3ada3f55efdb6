package aspstate.bench;

/** The provider operations whose latency is recorded separately. */
public enum RequestKind {
    GET_EXCLUSIVE("GetExclusive"),
    GET("Get"),
    SET_AND_RELEASE("Set+release"),
    INSERT_UNINITIALIZED("Set new (ExtraFlags:1)"),
    RELEASE("ReleaseExclusive"),
    RESET_TIMEOUT("ResetTimeout"),
    SET("Set");

    private final String label;

    RequestKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
