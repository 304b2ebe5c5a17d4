# syntax=docker/dockerfile:1
# The Hotel API image: built service only, run by an unprivileged user. See docs/DEPLOY.md.

# --- build: install everything, build the API and the libraries it imports -------------------
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/client-sdk-e2e/package.json apps/client-sdk-e2e/
COPY apps/widget-e2e/package.json apps/widget-e2e/
COPY libs/auth/package.json libs/auth/
COPY libs/caches/package.json libs/caches/
COPY libs/client-sdk/package.json libs/client-sdk/
COPY libs/connectors/package.json libs/connectors/
COPY libs/dashboard/package.json libs/dashboard/
COPY libs/domain/package.json libs/domain/
COPY libs/i18n/package.json libs/i18n/
COPY libs/widget/package.json libs/widget/
COPY tools/package.json tools/
# Optional packages stay in the build: Nx's native binary is one (without it `nx` fails with
# "WorkspaceContext is not a constructor"); `npm prune` below drops them, with the Node binary
# packages the repository brings for development. No browser downloads.
ENV PUPPETEER_SKIP_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
RUN npm ci --no-audit --no-fund
COPY . .
RUN NX_DAEMON=false NX_NO_CLOUD=true npx nx run api:bundle --outputStyle=static \
 && npm prune --omit=dev --omit=optional --no-audit --no-fund
# What runs, in /runtime: the production packages, each workspace the API imports with its
# manifest, built files and own node_modules (npm nests a package there when the root holds
# another version of it: lru-cache for libs/caches, libs/domain and apps/api), the API's bundle
# (what CMD starts), and the one document it serves (/llms.txt).
RUN mkdir -p /runtime/docs && cp -a package.json node_modules /runtime/ && cp docs/llms.txt /runtime/docs/ \
 && for workspace in apps/api libs/auth libs/caches libs/connectors libs/dashboard libs/domain libs/i18n libs/widget; do \
      mkdir -p "/runtime/$workspace" && cp -a "$workspace/package.json" "$workspace/dist" "/runtime/$workspace/" \
      && if [ -d "$workspace/node_modules" ]; then cp -a "$workspace/node_modules" "/runtime/$workspace/"; fi; \
    done \
 && cp -a apps/api/bundle /runtime/apps/api/

# --- runtime: production dependencies and built files only -----------------------------------
FROM node:24-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8443 TLS_DIR=/tmp/hotel-api-tls
WORKDIR /app
COPY --from=build --chown=root:root /runtime ./
# The compile cache, built in (node_modules/.cache/hotel-api-compile-cache): the image's first
# start is a warm one. Node keeps one cache per user id and set of V8 options, so the user writes
# it with CMD's options; then it is root's, read-only to the user like the code (Node writes its
# files readable by their owner only).
RUN install -d -o node node_modules/.cache/hotel-api-compile-cache
USER node
RUN node --max-semi-space-size=4 --max-old-space-size=384 --heap-growing-percent=20 --incremental-marking-soft-trigger=50 --incremental-marking-hard-trigger=90 apps/api/bundle/warm-compile-cache.js
USER root
RUN chown -R root:root node_modules/.cache/hotel-api-compile-cache && chmod -R a+rX,go-w node_modules/.cache/hotel-api-compile-cache
# The node image's unprivileged user; the code is root's and read-only to it.
USER node
EXPOSE 8443
# Readiness over HTTPS; the self-signed development certificate is not trusted, hence -k style.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "require('node:https').get({host:'127.0.0.1',port:process.env.PORT||8443,path:'/readyz',rejectUnauthorized:false},r=>process.exit(r.statusCode===200?0:1)).on('error',()=>process.exit(1))"]
# The production start command: the built service, without Nx (the same as `npm run start:prod`).
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=384", "--heap-growing-percent=20", "--incremental-marking-soft-trigger=50", "--incremental-marking-hard-trigger=90", "apps/api/bundle/main.js"]
