# One image for every deployable: the build stage compiles the whole workspace, the runtime
# stage keeps production files; docker-compose picks the entry point per service.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json nx.json tsconfig.base.json ./
COPY libs libs
COPY services services
COPY gateway gateway
COPY web web
COPY bench bench
COPY tests/support tests/support
RUN npm ci && NX_NO_CLOUD=true NX_DAEMON=false npx nx run-many -t build --exclude=@limo/bench

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# See scripts/lib/node-args.mjs (PRODUCT_ENV): large freed blocks go back to the system.
ENV MALLOC_MMAP_THRESHOLD_=32768
COPY --from=build /app /app
COPY scripts scripts
RUN npm prune --omit=dev
USER node
CMD ["node", "--max-semi-space-size=4", "--no-wasm-tier-up", "gateway/dist/main.js"]
