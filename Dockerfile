# Images of the services and the operator: one build, one target each.
#   docker build --target api      -t tapeline/api .
#   docker build --target query    -t tapeline/query .
#   docker build --target ingest   -t tapeline/ingest .
#   docker build --target jobs     -t tapeline/jobs .
#   docker build --target operator -t tapeline/operator .   (also runs the database migrations Job)
# TypeScript runs through tsx (no build step). Every entry point validates its configuration at start and
# exits non-zero with every problem listed; SIGTERM drains (the pod's terminationGracePeriodSeconds bounds it).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY services/core/package.json services/core/
COPY services/api/package.json services/api/
COPY services/query/package.json services/query/
COPY services/ingest/package.json services/ingest/
COPY services/jobs/package.json services/jobs/
COPY services/client/package.json services/client/
COPY operator/package.json operator/
# Runtime dependencies of the workspaces only: the root's development tools (local chain, embedded
# Postgres, browsers) stay out of the images. tsx, which runs the TypeScript sources, is a root
# development dependency: it is installed apart, at the locked version, and linked in so `--import tsx`
# resolves (its own dependencies resolve from its real path).
# (`npm install` follows the lockfile; see the Makefile for why not `npm ci`.)
RUN npm install --omit=dev --workspaces --include-workspace-root=false --no-audit --no-fund \
 && TSX_VERSION="$(node -p "require('./package-lock.json').packages['node_modules/tsx'].version")" \
 && npm install --prefix /opt/tsx --no-audit --no-fund "tsx@${TSX_VERSION}" \
 && ln -s /opt/tsx/node_modules/tsx node_modules/tsx \
 && npm cache clean --force

FROM ${NODE_IMAGE} AS base
ENV NODE_ENV=production PORT=8080
WORKDIR /app
COPY --from=deps /opt/tsx /opt/tsx
COPY --from=deps /app /app
COPY tsconfig.json ./
COPY services services
COPY operator operator
# The node user (uid 1000) matches the pods' runAsUser; the root filesystem is mounted read-only, /tmp is a volume.
USER node
EXPOSE 8080
STOPSIGNAL SIGTERM

FROM base AS api
# A young generation sized for the router, which passes pages through (services/core/src/servingNodeOptions.ts)
ENV NODE_OPTIONS="--max-semi-space-size=8"
CMD ["node", "--import", "tsx", "services/api/src/index.ts"]

FROM base AS query
# Larger young generation for short-lived page answers (services/core/src/servingNodeOptions.ts)
ENV NODE_OPTIONS="--max-semi-space-size=64"
CMD ["node", "--import", "tsx", "services/query/src/index.ts"]

FROM base AS ingest
CMD ["node", "--import", "tsx", "services/ingest/src/index.ts"]

FROM base AS jobs
CMD ["node", "--import", "tsx", "services/jobs/src/index.ts"]

FROM base AS operator
EXPOSE 8081
CMD ["node", "--import", "tsx", "operator/src/index.ts"]
