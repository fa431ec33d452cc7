# PIPS server image. Build: podman build --format docker -t pips .   (or docker build -t pips .)
# The base is the official Node image of the version the project pins (the `node` dev dependency
# in package.json); a machine with no registry builds its own from Debian's packages with
# container/base-image.sh and passes it as BASE_IMAGE. See docs/container.md.
ARG BASE_IMAGE=node:24.21.0-bookworm-slim

FROM ${BASE_IMAGE} AS build
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false TURBO_TELEMETRY_DISABLED=1
# Behind a proxy that re-signs TLS, mount its CA certificate into the build and name it here.
ARG NPM_CONFIG_CAFILE=
WORKDIR /src
COPY . .
RUN npm ci
RUN npx turbo run build --filter=@pips/server... --output-logs=errors-only
RUN node container/runtime-tree.mjs /src /app

FROM ${BASE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# A user of its own, and DATA_DIR owned by it and private (the server refuses one others may write).
RUN groupadd --system --gid 10001 pips \
 && useradd --system --uid 10001 --gid pips --home-dir /app --no-create-home --shell /usr/sbin/nologin pips \
 && install -d -o pips -g pips -m 0700 /data \
 && printf '#!/bin/sh\nexec node /app/apps/server/dist/cli.js "$@"\n' > /usr/local/bin/pips \
 && chmod 0755 /usr/local/bin/pips
COPY --from=build /app /app
WORKDIR /app
USER pips
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself, finishing requests in flight before it exits.
ENTRYPOINT ["node", "apps/server/dist/main.js"]
