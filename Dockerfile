# One image for both processes: `npm run start -w api` or `npm run start -w workers`.
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
RUN npm run build -w client
EXPOSE 3000
CMD ["npx", "tsx", "api/src/server.ts"]
