# Quorum server image: `docker build -t quorum .`, then see compose.yaml and docs/OPERATIONS.md.
# Build stage: installs every dependency, builds the web interface and the server bundle, then drops the
# development dependencies. better-sqlite3 normally installs a prebuilt binary; the compilers are installed only
# when none fits this platform, and stay in this stage.
FROM node:22-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
    || { apt-get update \
         && apt-get install -y --no-install-recommends python3 make g++ \
         && npm ci --no-audit --no-fund; }
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: the built application, run as the unprivileged `node` user; data (config file, uploads, an
# SQLite database if used) in /data.
FROM node:22-slim
ENV NODE_ENV=production \
    QUORUM_DATA_DIR=/data \
    PORT=9080
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 9080
# SIGTERM drains in-flight requests (at most QUORUM_SHUTDOWN_SECONDS, default 25): stop with `-t 30` or more.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||9080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "packages/server/bin/quorum.js", "run"]
