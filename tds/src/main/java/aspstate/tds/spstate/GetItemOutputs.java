package aspstate.tds.spstate;

import static aspstate.tds.proc.ProcedureParameter.output;

import aspstate.core.spstate.SharePointProcedureResult;
import aspstate.tds.proc.DeclaredType;
import aspstate.tds.proc.ProcedureParameter;
import aspstate.tds.proc.ProcedureResult;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The OUTPUT parameters of proc_GetItemWithoutLock and proc_GetItemWithLock, in declaration order. They are the
 * only way data leaves a SharePoint procedure: [MS-SPSTATE] allows no result set.
 */
final class GetItemOutputs {
    static final List<ProcedureParameter> PARAMETERS = List.of(
            output("@item", DeclaredType.VARBINARY_MAX),
            output("@locked", DeclaredType.BIT),
            output("@lockAgeInSeconds", DeclaredType.INT),
            output("@lockCookie", DeclaredType.INT));

    private GetItemOutputs() {}

    /** Every output, NULL included, so a missing item never echoes the client's input back. */
    static ProcedureResult answer(SharePointProcedureResult result) {
        Map<String, Object> values = new HashMap<>();
        values.put("@item", result.item());
        values.put("@locked", result.locked());
        values.put("@lockAgeInSeconds", result.lockAgeSeconds());
        values.put("@lockCookie", result.lockCookie());
        return ProcedureResult.of(values);
    }
}
