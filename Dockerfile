# AR Online's image (docs/operations.md, "Container"). Two stages on Node 22: the first installs the
# locked dependencies and builds the web interface and the compiled server (docs/compiled-server.md),
# the second runs the product as an unprivileged user with its data in a volume. The same commands
# the README and CI run: npm ci, npm run build, npm start (its script, scripts/start.mjs, run
# directly so that SIGTERM reaches the server).
#
#   docker build -t ar-online .
#   docker run -p 3000:3000 -v ar-data:/data ar-online          # embedded mode (PGlite in /data)
#   compose.yaml: PostgreSQL, ROLE=web and ROLE=worker

FROM node:22-bookworm-slim AS build
WORKDIR /app
# The manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/core/package.json packages/core/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    AR_WEB_DIST=/app/apps/web/dist
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# HTTP (API, interface, /healthz, /readyz, /metrics) and inbound SMTP (INBOUND_SMTP_PORT).
EXPOSE 3000 2525
# /healthz answers without the database: a slow database never gets a live container restarted.
# A ROLE=worker container serves it on PORT too.
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains for SHUTDOWN_TIMEOUT_SECONDS (default 25): give the container at least 30 s to stop.
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.mjs"]
