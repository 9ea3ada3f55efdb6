# Sourced by the bench scripts: what the side-by-side comparisons share (options, cleanup, build, starting a serve
# process, running the generator pinned, reading its JSON).

# free_port: a loopback port nothing listens on, below Linux's ephemeral range (32768 and up), which outgoing
# connections never take. bash connects to random candidates until one is refused, so no other tool is needed.
free_port() {
  local port
  while :; do
    port=$((20000 + RANDOM % 12000))
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
  done
}

# parse_common_options NAME HELP_LINES "$@": the options every comparison takes, into duration warmup rounds
# sessions payload connections mix out (the caller sets the defaults first). An option not listed here goes to the
# caller's extra_option function with the rest of the words, if it has one (status 0: took one word, 3: took the
# option and its value, anything else: not its option).
parse_common_options() {
  local name=$1 help=$2
  shift 2
  while [ $# -gt 0 ]; do
    case "$1" in
      --duration) duration=$2; shift 2 ;;
      --warmup) warmup=$2; shift 2 ;;
      --rounds) rounds=$2; shift 2 ;;
      --sessions) sessions=$2; shift 2 ;;
      --payload) payload=$2; shift 2 ;;
      --connections) connections=$2; shift 2 ;;
      --mix) mix=$2; shift 2 ;;
      --out) out=$2; shift 2 ;;
      -h|--help) sed -n "${help}p" "$0"; exit 0 ;;
      *)
        local took=1
        if declare -F extra_option >/dev/null; then
          extra_option "$@" && took=0 || took=$?
        fi
        case $took in
          0) shift ;;
          3) [ $# -ge 2 ] || { echo "$name: $1 needs a value" >&2; exit 2; }; shift 2 ;;
          *) echo "$name: unknown option $1 (see --help)" >&2; exit 2 ;;
        esac ;;
    esac
  done
}

# prepare_run NAME: needs 2 CPUs, makes $out (a new temporary directory unless given), stops every process in
# $started on exit, builds the jars if missing (or if REBUILD is set). Run from the repository root.
prepare_run() {
  local name=$1 cpus
  cpus=$(nproc)
  if [ "$cpus" -lt 2 ]; then
    echo "$name: needs 2 CPUs (servers on CPU 0, load generator on CPU 1); this machine has $cpus" >&2
    exit 2
  fi
  out=${out:-$(mktemp -d "/tmp/aspstate-${name%.sh}.XXXXXX")}
  mkdir -p "$out"
  started=()
  trap stop_started EXIT INT TERM
  echo "== building" >&2
  if [ ! -f server/target/aspstate.jar ] || [ ! -f bench/target/aspstate-bench.jar ] || [ -n "${REBUILD:-}" ]; then
    mvn -q -B -ntp -DskipTests package
  fi
}

stop_started() {
  for pid in "${started[@]:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  done
}

# start_serve NAME ARGS...: one serve process on CPU 0 through bin/aspstate, so with the JVM settings that ship
# (a fixed heap of $SERVE_HEAP, default 2g; more JVM flags in $SERVE_JAVA_OPTS; another Java in $SERVE_JAVA_HOME;
# more serve options in $SERVE_OPTS, e.g. "--transport epoll"):
# StateServer on a free port, no TDS unless serve_tds=0, the admin listener and its metrics on a free port, as a
# default install runs them, or none with serve_admin=off. Waits (at most 120 s) for its startup line. Sets $port,
# $tds_port (with serve_tds=0), $admin_url (empty without the admin listener), $server_pid and $target (its
# StateServer listener).
start_serve() {
  launch_serve "$@"
  await_serve "$1"
}

# launch_serve NAME ARGS...: start_serve without the wait, for nodes that must start together (a cluster's node
# waits for the others); sets $server_pid. await_serve NAME then waits for it.
launch_serve() {
  local name=$1
  shift
  ASPSTATE_HEAP=${SERVE_HEAP:-2g} ASPSTATE_JAVA_OPTS=${SERVE_JAVA_OPTS:-} JAVA_HOME=${SERVE_JAVA_HOME:-} \
    taskset -c 0 bin/aspstate serve --stateserver-port 0 \
    --tds-port "${serve_tds:-off}" --admin-port "${serve_admin:-0}" ${SERVE_OPTS:-} "$@" \
    >"$out/$name.out" 2>"$out/$name.log" &
  server_pid=$!
  started+=("$server_pid")
  launched[$name]=$server_pid
}

# await_serve NAME: waits (at most 120 s) for the startup line of the process launch_serve NAME started, and sets
# $port, $tds_port, $admin_url, $server_pid and $target from it.
await_serve() {
  local name=$1
  server_pid=${launched[$name]}
  for _ in $(seq 1 1200); do
    grep -q ' ready: ' "$out/$name.out" 2>/dev/null && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$out/$name.log" >&2; echo "$name did not start" >&2; exit 1; }
    sleep 0.1
  done
  port=$(sed -n 's/.*stateserver on [^,]*:\([0-9]*\),.*/\1/p' "$out/$name.out")
  tds_port=$(sed -n 's/.*tds on [^,]*:\([0-9]*\) .*/\1/p' "$out/$name.out")
  admin_url=$(sed -n 's/.*admin on \(http:[^ ,]*\).*/\1/p' "$out/$name.out")
  [ -n "$port" ] || { echo "$name did not start within 120 s" >&2; exit 1; }
  target="stateserver://127.0.0.1:$port"
}

# The process launch_serve started under each name.
declare -A launched

# start_redis LOG [always|everysec DIR]: a redis-server on CPU 0 on a free port, nothing persisted, or with its
# append-only file in DIR synced as appendfsync says; waits (at most 30 s) until it answers. Sets $target and
# $server_pid.
start_redis() {
  local log=$1 port persistence=(--appendonly no)
  if [ $# -ge 3 ]; then
    mkdir -p "$3"
    persistence=(--appendonly yes --appendfsync "$2" --dir "$3" --auto-aof-rewrite-percentage 100
      --auto-aof-rewrite-min-size 64mb)
  fi
  port=$(free_port)
  taskset -c 0 redis-server --port "$port" --bind 127.0.0.1 --save "" "${persistence[@]}" \
    --protected-mode yes --loglevel warning >"$log" 2>&1 &
  server_pid=$!
  started+=("$server_pid")
  for _ in $(seq 1 300); do
    redis-cli -p "$port" ping 2>/dev/null | grep -q PONG && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$log" >&2; echo "redis-server did not start" >&2; exit 1; }
    sleep 0.1
  done
  target="redis://127.0.0.1:$port"
}

# stop_system: stops the server start_serve or start_redis started last. A script that starts more than one
# process per system defines its own after sourcing this file.
stop_system() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
}

# run_bench SYSTEM ROUND [ARGS...]: the generator on CPU 1 against $target; writes $out/SYSTEM-ROUND.json/.txt.
# It warms up for $warmup seconds, or $system_warmup when the caller set it for the system it started.
run_bench() {
  local system=$1 round=$2
  shift 2
  echo "== round $round: $system ($target)" >&2
  taskset -c 1 java -jar bench/target/aspstate-bench.jar run --target "$target" --mix "$mix" \
    --sessions "$sessions" --payload "$payload" --connections "$connections" \
    --warmup "${system_warmup:-$warmup}s" --duration "${duration}s" --json "$out/$system-$round.json" "$@" \
    >"$out/$system-$round.txt"
  cat "$out/$system-$round.txt" >&2
}

# run_rounds SYSTEM...: for each of $rounds rounds, each system in turn: the caller's start_system SYSTEM ROUND,
# run_bench, stop_system; each throughput goes to pages[SYSTEM,ROUND] (declare -A pages first).
run_rounds() {
  local round system
  for round in $(seq 1 "$rounds"); do
    for system in "$@"; do
      start_system "$system" "$round"
      run_bench "$system" "$round"
      stop_system
      pages[$system,$round]=$(json_number "$out/$system-$round.json" pagesPerSecond)
    done
  done
}

# json_field FILE POINTER...: values of the generator's JSON report, one per line (JSON pointers, read with Jackson).
json_field() { java -jar bench/target/aspstate-bench.jar field "$@"; }

# json_number FILE NAME: a top-level number of the generator's JSON.
json_number() { json_field "$1" "/$2"; }

# page_percentile FILE p50|p99|p99_9|max: a page latency of the generator's JSON, in ms.
page_percentile() { json_field "$1" "/latencyMillis/page/$2"; }

# request_percentile FILE p50|p99|p99_9|max: the latency of any one request, whatever its kind, in ms.
request_percentile() { json_field "$1" "/latencyMillis/request/$2"; }

# median: of the numbers on stdin, one per line, with two decimals.
median() {
  sort -g | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.2f", m }'
}
