package aspstate.tds.sharepoint;

import aspstate.core.spstate.SharePointProcedureResult;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.type.BigVarBinaryType;
import aspstate.tds.type.BitNType;
import aspstate.tds.type.IntNType;
import aspstate.tds.type.TdsType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The OUTPUT parameters of proc_GetItemWithoutLock and proc_GetItemWithLock, in declaration order. They are the
 * only way data leaves a SharePoint procedure: [MS-SPSTATE] allows no result set.
 */
final class GetItemOutputs {
    static final List<String> NAMES = List.of("@item", "@locked", "@lockAgeInSeconds", "@lockCookie");
    static final Map<String, TdsType<?>> TYPES = Map.of("@item", BigVarBinaryType.MAX, "@locked", BitNType.BIT,
            "@lockAgeInSeconds", IntNType.INT, "@lockCookie", IntNType.INT);

    private GetItemOutputs() {
    }

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
