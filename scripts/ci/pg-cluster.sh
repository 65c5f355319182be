#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL 15 cluster on 127.0.0.1 for integration tests
# and benchmarks. Usage:
#   eval "$(scripts/ci/pg-cluster.sh start)"   # exports PG_TMP, PG_PORT, TEST_DATABASE_URL
#   eval "$(scripts/ci/pg-cluster.sh start --bench)"   # same, tuned for the benchmark suite
#   scripts/ci/pg-cluster.sh stop "$PG_TMP"
#
# --bench sizes memory for a 24 GiB machine serving a 1M-product catalog (shared_buffers 2GB,
# effective_cache_size 12GB, work_mem 32MB, maintenance_work_mem 1GB, large WAL so bulk loads do
# not checkpoint constantly, jit off: compiling plans costs more than short OLTP queries run).
# Both variants run with fsync off: the data is disposable, durability is not under test.
# PG_TMPDIR chooses where the cluster directory is created (default /tmp).
set -euo pipefail
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

as_postgres() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    opts="-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
    if [ "${2:-}" = "--bench" ]; then
      opts="$opts -c shared_buffers=2GB -c effective_cache_size=12GB -c work_mem=32MB"
      opts="$opts -c maintenance_work_mem=1GB -c max_wal_size=16GB -c checkpoint_timeout=30min"
      opts="$opts -c random_page_cost=1.1 -c jit=off -c max_parallel_maintenance_workers=2"
      opts="$opts -c autovacuum_vacuum_cost_limit=2000"
    fi
    dir=$(mktemp -d "${PG_TMPDIR:-/tmp}/kiyasla-pg.XXXXXX")
    [ "$(id -u)" = "0" ] && chown postgres:postgres "$dir"
    port=$(free_port)
    as_postgres "$PG_BIN/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1
    as_postgres "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-p $port -k $dir -h 127.0.0.1 $opts" \
      start >/dev/null
    echo "export PG_TMP=$dir PG_PORT=$port TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    dir=${2:?usage: stop <dir>}
    as_postgres "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start [--bench] | stop <dir>" >&2
    exit 2
    ;;
esac
