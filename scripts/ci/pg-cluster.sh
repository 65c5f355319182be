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

# The bench cluster maps its shared buffers with 2 MB pages where the kernel has them reserved
# (PostgreSQL's default huge_pages=try): on the 2-core VMs, every backend's first touch of each 4 KB
# page of a 2 GB buffer pool is a page fault, and that cost 3× the listing throughput (ADR 005,
# 2026-12-01). As root, reserve what the settings need when fewer are reserved; otherwise say how.
reserve_huge_pages() {
  local data=$1 opts=$2 need have
  # shellcheck disable=SC2086 # $opts is a list of -c options
  need=$(as_postgres "$PG_BIN/postgres" -D "$data" $opts -C shared_memory_size_in_huge_pages 2>/dev/null || echo 0)
  have=$(cat /proc/sys/vm/nr_hugepages 2>/dev/null || echo 0)
  [ "$need" -gt 0 ] && [ "$have" -lt "$need" ] || return 0
  if [ "$(id -u)" = "0" ] && echo "$need" >/proc/sys/vm/nr_hugepages 2>/dev/null; then
    echo "pg-cluster: reserved $(cat /proc/sys/vm/nr_hugepages) huge pages of 2 MB for the shared buffers (vm.nr_hugepages, was $have)" >&2
  else
    echo "pg-cluster: the shared buffers use 4 KB pages; as root, 'sysctl vm.nr_hugepages=$need' before the start maps them with 2 MB pages" >&2
  fi
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
    if [ "${2:-}" = "--bench" ]; then reserve_huge_pages "$dir/data" "$opts"; fi
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
