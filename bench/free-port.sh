# Sourced by the bench scripts: free_port prints a loopback port nothing listens on. bash connects to random
# candidates until one is refused, so no other tool is needed.
free_port() {
  local port
  while :; do
    port=$((20000 + RANDOM % 40000))
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
  done
}
