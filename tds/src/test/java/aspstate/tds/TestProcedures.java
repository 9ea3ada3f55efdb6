package aspstate.tds;

import static aspstate.tds.proc.ProcedureParameter.input;
import static aspstate.tds.proc.ProcedureParameter.output;

import aspstate.tds.error.SqlErrors;
import aspstate.tds.proc.DeclaredType;
import aspstate.tds.proc.Procedure;
import aspstate.tds.proc.ProcedureCall;
import aspstate.tds.proc.ProcedureCatalog;
import aspstate.tds.proc.ProcedureParameter;
import aspstate.tds.proc.ProcedureResult;
import aspstate.tds.proc.RowSet;
import aspstate.tds.token.Column;
import aspstate.tds.type.TextPointerType;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/** Test-only procedures that exercise every parameter type and reply shape; each records the calls it gets. */
final class TestProcedures {
    private static final ProcedureParameter ID = input("@id", DeclaredType.nvarchar(88));

    private final BlockingQueue<ProcedureCall> calls = new LinkedBlockingQueue<>();
    /** One future per call of dbo.TestHeld, added as the call starts: completing it lets the call answer. */
    private final BlockingQueue<CompletableFuture<Void>> heldCalls = new LinkedBlockingQueue<>();

    private final Set<String> insertedIds = ConcurrentHashMap.newKeySet();

    /**
     * dbo.TestEcho(@id nvarchar(88), @data varbinary(7000), @flag bit OUT, @n int OUT): @flag = NOT @flag,
     * @n = @n + 1 (NULL stays NULL).
     */
    private ProcedureResult echo(ProcedureCall call) {
        Map<String, Object> outputs = new HashMap<>();
        Boolean flag = call.value("@flag", Boolean.class);
        Number n = call.value("@n", Number.class);
        outputs.put("@flag", flag == null ? null : !flag);
        outputs.put("@n", n == null ? null : n.intValue() + 1);
        return ProcedureResult.of(outputs);
    }

    /** dbo.TestBlob(@data varbinary(max), @copy varbinary(max) OUT): @copy = @data. */
    private ProcedureResult blob(ProcedureCall call) {
        Map<String, Object> outputs = new HashMap<>();
        outputs.put("@copy", call.value("@data", byte[].class));
        return ProcedureResult.of(outputs);
    }

    /** Bytes of the item dbo.TestBig returns. */
    static final int BIG_ITEM_BYTES = 256 * 1024;
    /** Calls dbo.TestBig has run. */
    final AtomicInteger bigCalls = new AtomicInteger();

    /** dbo.TestBig: the result set {@code SessionItemLong image} with one row of {@link #BIG_ITEM_BYTES} bytes. */
    private ProcedureResult big(ProcedureCall call) {
        bigCalls.incrementAndGet();
        RowSet rows = new RowSet(
                List.of(new Column<>("SessionItemLong", TextPointerType.IMAGE, true)),
                List.of(Arrays.asList((Object) new byte[BIG_ITEM_BYTES])));
        return ProcedureResult.of(Map.of(), List.of(rows));
    }

    /**
     * dbo.TestGetLong(@id nvarchar(88), @found bit OUT): the result set {@code SessionItemLong image} with one row,
     * the id's characters as bytes, as TempGetStateItem3 returns a long item.
     */
    private ProcedureResult getLong(ProcedureCall call) {
        byte[] item = call.value("@id", String.class).getBytes(StandardCharsets.US_ASCII);
        RowSet rows = new RowSet(
                List.of(new Column<>("SessionItemLong", TextPointerType.IMAGE, true)),
                List.of(Arrays.asList((Object) item)));
        return ProcedureResult.of(Map.of("@found", true), List.of(rows));
    }

    /** dbo.TestInsert(@id nvarchar(88)): fails with 2627 for an id inserted before. */
    private ProcedureResult insert(ProcedureCall call) {
        String id = call.value("@id", String.class);
        if (!insertedIds.add(id)) {
            return ProcedureResult.failed(
                    SqlErrors.duplicateKey("PK__ASPState__3214EC27", "dbo.ASPStateTempSessions", id));
        }
        return ProcedureResult.of(Map.of());
    }

    /**
     * dbo.TestTypes(@when datetime, @later datetime OUT, @name varchar(280), @ver char(10) OUT): @later = @when plus
     * a day, @ver = the first 10 characters of @name.
     */
    private ProcedureResult types(ProcedureCall call) {
        LocalDateTime when = call.value("@when", LocalDateTime.class);
        String name = call.value("@name", String.class);
        Map<String, Object> outputs = new HashMap<>();
        outputs.put("@later", when == null ? null : when.plusDays(1));
        outputs.put("@ver", name == null ? null : name.substring(0, Math.min(10, name.length())));
        return ProcedureResult.of(outputs);
    }

    /** dbo.TestSlow(@n int OUT): @n + 1, completed 200 ms later on another thread, as a networked store would. */
    private CompletionStage<ProcedureResult> slow(ProcedureCall call) {
        int n = call.value("@n", Number.class).intValue();
        return CompletableFuture.supplyAsync(
                () -> ProcedureResult.of(Map.of("@n", n + 1)),
                CompletableFuture.delayedExecutor(200, TimeUnit.MILLISECONDS));
    }

    /** dbo.TestHeld(@n int OUT): @n + 1, once the test completes the call's future in {@link #heldCalls}. */
    private CompletionStage<ProcedureResult> held(ProcedureCall call) {
        int n = call.value("@n", Number.class).intValue();
        CompletableFuture<Void> release = new CompletableFuture<>();
        heldCalls.add(release);
        return release.thenApply(released -> ProcedureResult.of(Map.of("@n", n + 1)));
    }

    /** The next call any test procedure got, waiting at most 10 seconds. */
    ProcedureCall nextCall() throws InterruptedException {
        return next(calls, "a procedure call");
    }

    /** The next call of dbo.TestHeld, once the server runs it: completing the future lets it answer. */
    CompletableFuture<Void> nextHeldCall() throws InterruptedException {
        return next(heldCalls, "a call of dbo.TestHeld");
    }

    private static <T> T next(BlockingQueue<T> queue, String what) throws InterruptedException {
        T next = queue.poll(10, TimeUnit.SECONDS);
        if (next == null) {
            throw new AssertionError("no " + what + " within 10 seconds");
        }
        return next;
    }

    ProcedureCatalog catalog() {
        return new ProcedureCatalog(List.of(
                procedure(
                        "TestEcho",
                        List.of(
                                ID,
                                input("@data", DeclaredType.varbinary(7000)),
                                output("@flag", DeclaredType.BIT),
                                output("@n", DeclaredType.INT)),
                        this::echo),
                procedure(
                        "TestBlob",
                        List.of(
                                input("@data", DeclaredType.VARBINARY_MAX),
                                output("@copy", DeclaredType.VARBINARY_MAX)),
                        this::blob),
                procedure("TestGetLong", List.of(ID, output("@found", DeclaredType.BIT)), this::getLong),
                procedure("TestInsert", List.of(ID), this::insert),
                procedure("TestBig", List.of(), this::big),
                procedure(
                        "TestTypes",
                        List.of(
                                input("@when", DeclaredType.DATETIME),
                                output("@later", DeclaredType.DATETIME),
                                input("@name", DeclaredType.varchar(280)),
                                output("@ver", DeclaredType.fixedChar(10))),
                        this::types),
                asyncProcedure("TestSlow", List.of(output("@n", DeclaredType.INT)), this::slow),
                asyncProcedure("TestHeld", List.of(output("@n", DeclaredType.INT)), this::held)));
    }

    private Procedure procedure(
            String name, List<ProcedureParameter> parameters, Function<ProcedureCall, ProcedureResult> body) {
        return asyncProcedure(name, parameters, call -> CompletableFuture.completedFuture(body.apply(call)));
    }

    private Procedure asyncProcedure(
            String name,
            List<ProcedureParameter> parameters,
            Function<ProcedureCall, CompletionStage<ProcedureResult>> body) {
        return new Procedure() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public List<ProcedureParameter> parameters() {
                return parameters;
            }

            @Override
            public CompletionStage<ProcedureResult> call(ProcedureCall call) {
                calls.add(call);
                return body.apply(call);
            }
        };
    }
}
