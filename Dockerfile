# syntax=docker/dockerfile:1
# The app as one image: Next's standalone server (NEXT_OUTPUT=standalone) with only the files it needs, the Bengali
# PDF fonts and the OCR engine's trained data inside (traced by next.config.ts), run as a non-root user.
# Build: docker build -t rinbondhu .   Run: see deploy/compose.yaml and README "Deploying".

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts* ./
RUN npm ci --no-audit --no-fund

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 NEXT_OUTPUT=standalone
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

# Applies the migrations (`docker compose -f deploy/compose.yaml run --rm migrate`, before the app starts): the build stage's sources and
# dependencies, which hold the schema engine (WebAssembly, from npm) and the migrations.
FROM build AS migrate
CMD ["npx", "tsx", "scripts/db/migrate.ts"]

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
RUN groupadd --system --gid 1001 app && useradd --system --uid 1001 --gid app --no-create-home app
COPY --from=build --chown=app:app /app/.next/standalone ./
COPY --from=build --chown=app:app /app/.next/static ./.next/static
COPY --from=build --chown=app:app /app/public ./public
COPY --from=build --chown=app:app /app/assets ./assets
USER app
EXPOSE 3000
# The readiness check: database reachable, migrations applied, background work running (README "Deploying").
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server.js"]
