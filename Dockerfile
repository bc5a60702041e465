# One image for both processes: `node api/dist/server.mjs` or `node workers/dist/main.mjs`.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY db/package.json db/
COPY api/package.json api/
COPY workers/package.json workers/
COPY client/package.json client/
COPY loadtest/package.json loadtest/
RUN npm ci --no-audit --no-fund --include=dev
COPY . .
RUN npm run build -w client && node scripts/build-server.mjs
EXPOSE 3000
CMD ["node", "api/dist/server.mjs"]
