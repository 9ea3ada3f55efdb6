package aspstate.tds.proc;

import aspstate.tds.proc.ProcedureError;

/**
 * An argument the procedure cannot run with; the call is answered with the error instead of touching the store.
 * Public so that other procedure families (SharePoint) reject their own arguments the same way.
 */
public final class ArgumentRejectedException extends RuntimeException {
    private final transient ProcedureError error;

    public ArgumentRejectedException(ProcedureError error) {
        super(error.message(), null, false, false);
        this.error = error;
    }

    ProcedureError error() {
        return error;
    }
}
