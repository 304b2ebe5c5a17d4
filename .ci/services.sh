# Sourced by .ci/run (and by developers: `source .ci/services.sh`): installs the real servers the
# tests need from Debian's packages when they are missing, starts throw-away PostgreSQL and Redis
# servers on free loopback ports in a temporary directory, exports their URLs, and stops them
# (and deletes their files) when the calling shell exits.
#   TEST_DATABASE_URL  postgres://postgres:<password>@127.0.0.1:<port>/postgres (a superuser)
#   TEST_REDIS_URL     redis://127.0.0.1:<port>
# nginx and Chromium are only installed: the tests that need them start their own.
# The read-replica test starts its own primary and `pg_basebackup -R` standby with the same
# PostgreSQL binaries (initdb, pg_ctl, pg_basebackup: Debian's postgresql package), as `postgres`.

ci_missing=()
ci_pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$ci_pg_bin" ] || ci_missing+=(postgresql)
command -v redis-server >/dev/null || ci_missing+=(redis-server)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || ci_missing+=(nginx-light)
command -v chromium >/dev/null || ci_missing+=(chromium fonts-dejavu-core)
if [ ${#ci_missing[@]} -gt 0 ]; then
  echo "services: installing ${ci_missing[*]} from Debian's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${ci_missing[@]}" >/dev/null
  ci_pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

ci_free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

ci_services_dir=$(mktemp -d /tmp/hotelapi-services.XXXXXX)
chmod 755 "$ci_services_dir"

# PostgreSQL refuses to run as root: the cluster belongs to the `postgres` user Debian's package made.
ci_pg_port=$(ci_free_port)
ci_pg_password=$(python3 -c 'import secrets; print(secrets.token_hex(12))')
install -d -o postgres -g postgres "$ci_services_dir/pg"
printf '%s\n' "$ci_pg_password" > "$ci_services_dir/pg.pw" && chown postgres "$ci_services_dir/pg.pw"
ci_as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
ci_as_postgres "$ci_pg_bin/initdb" -D "$ci_services_dir/pg/data" -U postgres --pwfile="$ci_services_dir/pg.pw" \
  -A scram-sha-256 -E UTF8 --locale=C.UTF-8 >/dev/null
ci_as_postgres "$ci_pg_bin/pg_ctl" -D "$ci_services_dir/pg/data" -l "$ci_services_dir/pg/log" -w start \
  -o "-p $ci_pg_port -k $ci_services_dir/pg -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" >/dev/null
export TEST_DATABASE_URL="postgres://postgres:$ci_pg_password@127.0.0.1:$ci_pg_port/postgres"

ci_redis_port=$(ci_free_port)
redis-server --port "$ci_redis_port" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
  --dir "$ci_services_dir" --pidfile "$ci_services_dir/redis.pid" --logfile "$ci_services_dir/redis.log"
export TEST_REDIS_URL="redis://127.0.0.1:$ci_redis_port"

ci_stop_services() {
  ci_as_postgres "$ci_pg_bin/pg_ctl" -D "$ci_services_dir/pg/data" -m fast -w stop >/dev/null 2>&1 || true
  [ -f "$ci_services_dir/redis.pid" ] && kill "$(cat "$ci_services_dir/redis.pid")" 2>/dev/null || true
  rm -rf "$ci_services_dir"
}
trap ci_stop_services EXIT
echo "services: PostgreSQL on 127.0.0.1:$ci_pg_port, Redis on 127.0.0.1:$ci_redis_port (stopped on exit)"
