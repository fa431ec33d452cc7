#!/bin/sh
# Entry point of the TEST STAND-IN for the official `postgres` image (see Containerfile). As the
# official one: on first start (an empty PGDATA) initdb as the postgres user with POSTGRES_USER as
# the superuser and POSTGRES_PASSWORD as its password, POSTGRES_DB created; trust on the local
# socket, scram-sha-256 from any address; then PostgreSQL, as the postgres user, as process 1.
set -eu
: "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }

install -d -o postgres -g postgres -m 0700 "$PGDATA"
install -d -o postgres -g postgres -m 2775 /var/run/postgresql

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  chown postgres "$pwfile"
  as_postgres "$bin/initdb" --pgdata="$PGDATA" --username="$user" --pwfile="$pwfile" \
    --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >&2
  rm -f "$pwfile"
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    # Only the socket while the database is made, so nothing connects before it exists.
    as_postgres "$bin/pg_ctl" --pgdata="$PGDATA" --wait --options="-c listen_addresses=''" start >&2
    echo 'CREATE DATABASE :"db";' | as_postgres "$bin/psql" --no-psqlrc --set=ON_ERROR_STOP=1 --set=db="$db" --username="$user" --dbname=postgres >&2
    as_postgres "$bin/pg_ctl" --pgdata="$PGDATA" --wait --mode=fast stop >&2
  fi
fi

exec setpriv --reuid=postgres --regid=postgres --init-groups "$bin/postgres" -D "$PGDATA" "$@"
