# syntax=docker/dockerfile:1
# pdfgen: build stage compiles TypeScript and gathers the fonts; the runtime stage keeps
# production dependencies only and runs as the unprivileged `node` user.
# Node 22: the AWS SDK asks for it from 2027 on (the service itself runs on 20.19+).

FROM node:22.20.0-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json nest-cli.json ./
COPY scripts ./scripts
COPY src ./src
# fonts/ is filled from npm packages (DejaVu, Noto) by scripts/fonts.js.
# `npm run build`: the server and the dashboard's browser assets (scripts/build-dashboard.mjs).
RUN node scripts/fonts.js && npm run build && npm prune --omit=dev

FROM node:22.20.0-bookworm-slim
# MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own malloc arena, and each keeps
# its high-water mark; two shared arenas hold 7-8 MB less under load (README, "Configuration").
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/fonts ./fonts
COPY bin ./bin
# The dashboard's "New template" starters.
COPY examples/custom/*.json ./examples/custom/
# DATA_DIR holds the SQLite database and files when no DATABASE_URL / S3_BUCKET is set.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The HTTP thread's young generation: 2 x 2 MB, as `npm start` runs it (docs/operating.md, "Settings").
# V8 sizes it when the process starts, before the service's own tuning (src/config/heap-tuning.ts) runs.
CMD ["node", "--max-semi-space-size=2", "--min-semi-space-size=2", "dist/main.js"]
