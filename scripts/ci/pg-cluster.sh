#!/usr/bin/env bash
# Starts or stops a throwaway PostgreSQL 15 cluster on 127.0.0.1 for integration tests
# and benchmarks. Usage:
#   eval "$(scripts/ci/pg-cluster.sh start)"   # exports PG_TMP, PG_PORT, TEST_DATABASE_URL
#   scripts/ci/pg-cluster.sh stop "$PG_TMP"
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
    dir=$(mktemp -d /tmp/kiyasla-pg.XXXXXX)
    [ "$(id -u)" = "0" ] && chown postgres:postgres "$dir"
    port=$(free_port)
    as_postgres "$PG_BIN/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1
    as_postgres "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-p $port -k $dir -h 127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >/dev/null
    echo "export PG_TMP=$dir PG_PORT=$port TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    dir=${2:?usage: stop <dir>}
    as_postgres "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start | stop <dir>" >&2
    exit 2
    ;;
esac
