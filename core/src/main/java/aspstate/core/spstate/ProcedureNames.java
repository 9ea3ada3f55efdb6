package aspstate.core.spstate;

/** SharePoint's procedure names from the records' names (ProcAddItem is proc_AddItem), made once per record. */
final class ProcedureNames {
    static final ClassValue<String> OF_RECORD = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> record) {
            return "proc_" + record.getSimpleName().substring("Proc".length());
        }
    };

    private ProcedureNames() {}
}
