package aspstate.core.spstate;

import static org.assertj.core.api.Assertions.assertThat;

import aspstate.core.sqlstate.SqlProcedureResult.Status;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What the TDS layer relies on beyond each rule: one record per [MS-SPSTATE] procedure, named after it; answers
 * that can carry output parameters only (the spec forbids result sets); error 2627 for a duplicate add; and the
 * bytes an item accounts for in the store.
 */
class SharePointProcedureShapeTest {

    @Test
    void oneRecordPerItemProcedureNamedAfterIt() {
        assertThat(Arrays.stream(SharePointProcedure.class.getPermittedSubclasses())
                        .map(Class::getSimpleName))
                .containsExactlyInAnyOrder(
                        "ProcAddItem",
                        "ProcGetItemWithoutLock",
                        "ProcGetItemWithLock",
                        "ProcReleaseItemLock",
                        "ProcUpdateItem",
                        "ProcDeleteItem",
                        "ProcRefreshItemExpiration");
    }

    @Test
    void anAnswerHasAStatusAndTheFourOutputParametersAndNoResultSet() {
        assertThat(Arrays.stream(SharePointProcedureResult.class.getRecordComponents())
                        .map(RecordComponent::getName))
                .containsExactly("status", "item", "locked", "lockAgeSeconds", "lockCookie");
    }

    @Test
    void aDuplicateAddIsSqlServerError2627Class14() {
        assertThat(SharePointProcedureResult.DUPLICATE_KEY.status().errorNumber())
                .isEqualTo(2627);
        assertThat(SharePointProcedureResult.DUPLICATE_KEY.status().severity()).isEqualTo(14);
        assertThat(SharePointProcedureResult.DUPLICATE_KEY)
                .usingRecursiveComparison()
                .isEqualTo(new SharePointProcedureResult(Status.DUPLICATE_KEY, null, null, null, null));
    }

    @Test
    void doneIsStatusZeroWithEveryOutputNull() {
        assertThat(SharePointProcedureResult.DONE.status().errorNumber()).isZero();
        assertThat(SharePointProcedureResult.DONE)
                .usingRecursiveComparison()
                .isEqualTo(new SharePointProcedureResult(Status.OK, null, null, null, null));
    }

    @ParameterizedTest(name = "item of {0} bytes -> {1}")
    @CsvSource(
            nullValues = "NULL",
            value = {"NULL, 0", "0, 0", "8000, 8000", "1048576, 1048576"})
    void sizeInBytesIsTheItem(Integer length, long expected) {
        SharePointStateItem item =
                new SharePointStateItem(length == null ? null : new byte[length], 20, 0, false, 0, 1);

        assertThat(item.sizeInBytes()).isEqualTo(expected);
    }
}
