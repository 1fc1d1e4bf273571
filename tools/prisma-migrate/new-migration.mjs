#!/usr/bin/env node
// Dev-only: writes a new Prisma-format migration for one service, offline.
//
//   npm run migration:new -- <service> <name>     write services/<service>/prisma/migrations/<ts>_<name>/
//   npm run migration:new -- --check              fail if any service has an un-migrated schema change
//
// Prisma 7's CLI needs a native schema engine that cannot be downloaded here, so this runs
// prisma@6.19.3 from this folder's own package (never part of the root workspaces) with its
// WebAssembly schema engine (see prisma.config.ts and README.md). It diffs the schema as of the
// last migration (prisma/migrations/schema.snapshot.prisma) against prisma/schema.prisma.
//
// Only Node built-ins are imported here, so it can install its own dependencies on first use.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const TOOL_DIR = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(TOOL_DIR, "../..");
const PRISMA_VERSION = "6.19.3";
const DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/postgres";
const SNAPSHOT = "schema.snapshot.prisma";
const EMPTY_MARKER = "-- This is an empty migration.";

const USAGE = `Usage:
  npm run migration:new -- <service> <name> [--dry-run]
      Diff services/<service>/prisma/schema.prisma against prisma/migrations/${SNAPSHOT}
      (an empty schema when there is none), write prisma/migrations/<yyyyMMddHHmmss>_<name>/migration.sql
      and update the snapshot. Writes nothing when the schemas are equivalent.
      --dry-run prints the SQL and writes nothing.
  npm run migration:new -- --check
      Exit 1 if any services/*/prisma/schema.prisma with a snapshot has changes not yet in a migration.

Options: --root <dir> treats <dir> as the repository root (default: this repository).
Environment: DATABASE_URL (default ${DEFAULT_DATABASE_URL}) must reach a PostgreSQL server;
nothing is read from or written to it.`;

class UsageError extends Error {}

function parseArgs(argv) {
  const opts = { check: false, dryRun: false, root: REPO_ROOT, positional: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--check") opts.check = true;
    else if (arg === "--dry-run") opts.dryRun = true;
    else if (arg === "--root") {
      if (!argv[i + 1]) throw new UsageError("--root needs a directory");
      opts.root = resolve(argv[++i]);
    } else if (arg === "-h" || arg === "--help") opts.help = true;
    else if (arg.startsWith("-")) throw new UsageError(`unknown option ${arg}`);
    else opts.positional.push(arg);
  }
  return opts;
}

// ---------------------------------------------------------------------------------------------
// Installing and running prisma@6

function engineEnv() {
  return {
    ...process.env,
    // Prisma 6 checks these exist at start-up and would otherwise download native engines.
    // With engine "js" (prisma.config.ts) it never runs them.
    PRISMA_SCHEMA_ENGINE_BINARY: "/bin/false",
    PRISMA_QUERY_ENGINE_LIBRARY: "/bin/false",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
    DATABASE_URL: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
  };
}

function installedPrismaVersion() {
  try {
    return JSON.parse(readFileSync(join(TOOL_DIR, "node_modules/prisma/package.json"), "utf8")).version;
  } catch {
    return undefined;
  }
}

function ensureInstalled() {
  const found = installedPrismaVersion();
  if (found === PRISMA_VERSION && existsSync(join(TOOL_DIR, "node_modules/@prisma/adapter-pg/package.json"))) return;
  console.error(
    found
      ? `tools/prisma-migrate has prisma ${found}, wants ${PRISMA_VERSION}: reinstalling its dependencies...`
      : "Installing tools/prisma-migrate's own dependencies (first use)...",
  );
  const env = engineEnv();
  // Settings npm run passes to its children that would point npm back at the root workspace.
  for (const key of Object.keys(env)) {
    if (/^npm_config_(prefix|local_prefix|workspaces?|include_workspace_root)$/i.test(key)) delete env[key];
  }
  const npmCli = process.env.npm_execpath;
  const [cmd, args] =
    npmCli && /\.c?js$/.test(npmCli)
      ? [process.execPath, [npmCli, "ci", "--prefix", TOOL_DIR, "--no-audit", "--no-fund"]]
      : ["npm", ["ci", "--prefix", TOOL_DIR, "--no-audit", "--no-fund"]];
  const res = spawnSync(cmd, args, { stdio: "inherit", env, shell: process.platform === "win32" && cmd === "npm" });
  if (res.status !== 0 || installedPrismaVersion() !== PRISMA_VERSION) {
    throw new Error(`could not install tools/prisma-migrate's dependencies (try: npm ci --prefix tools/prisma-migrate)`);
  }
}

/**
 * Runs `prisma migrate diff --from-schema-datamodel OLD --to-schema-datamodel NEW --script`
 * on Prisma 6's WASM engine and returns the SQL, or "" when there is no change.
 */
function migrateDiff(oldSchemaPath, newSchemaPath, workDir) {
  ensureInstalled();
  const outFile = join(workDir, "diff.sql");
  const res = spawnSync(
    process.execPath,
    [
      join(TOOL_DIR, "node_modules/prisma/build/index.js"),
      "migrate",
      "diff",
      "--config",
      join(TOOL_DIR, "prisma.config.ts"),
      "--from-schema-datamodel",
      oldSchemaPath,
      "--to-schema-datamodel",
      newSchemaPath,
      "--script",
      "--exit-code",
      "--output",
      outFile,
    ],
    { cwd: TOOL_DIR, env: engineEnv(), encoding: "utf8" },
  );
  const out = existsSync(outFile) ? readFileSync(outFile, "utf8") : "";
  const logs = `${res.stdout ?? ""}${res.stderr ?? ""}`.trim();
  // --exit-code: 0 = no difference, 2 = difference, anything else = error.
  if (res.error || (res.status !== 0 && res.status !== 2)) {
    throw new Error(`prisma migrate diff failed (exit ${res.status ?? res.error}):\n${logs}`);
  }
  const body = out.trim();
  if (res.status === 0) {
    // A real "no change" from the engine says so; a silent empty output means no engine ran
    // (for example a native-engine placeholder such as /bin/false was used).
    if (body !== EMPTY_MARKER) {
      throw new Error(`prisma migrate diff reported no change but did not print "${EMPTY_MARKER}" ` +
        `(got ${JSON.stringify(body.slice(0, 200))}); refusing to trust it.\n${logs}`);
    }
    return "";
  }
  if (!body.split("\n").some((l) => l.trim() && !l.trim().startsWith("--"))) {
    throw new Error(`prisma migrate diff reported a change but printed no SQL; refusing to write an empty migration.\n` +
      `Output: ${JSON.stringify(body.slice(0, 200))}\n${logs}`);
  }
  return out.endsWith("\n") ? out : `${out}\n`;
}

// ---------------------------------------------------------------------------------------------
// Making Prisma-6-compatible copies of Prisma 7 schemas

/**
 * Prisma 7 schemas have no datasource `url` and use the "prisma-client" generator. Prisma 6
 * needs `url = env("DATABASE_URL")`. Generators do not affect the SQL, so each generator block
 * becomes a plain prisma-client-js one (keeping previewFeatures, which can change the schema).
 * An empty or missing source (no snapshot yet) becomes a schema with no models.
 */
export function toPrisma6Schema(source, { provider = "postgresql", modelsToo = true } = {}) {
  const lines = (source ?? "").split(/\r?\n/);
  const out = [];
  let sawDatasource = false;
  let sawGenerator = false;
  for (let i = 0; i < lines.length; i++) {
    const head = /^\s*(generator|datasource)\s+(\w+)\s*\{\s*(\/\/.*)?$/.exec(lines[i]);
    if (!head) {
      if (modelsToo) out.push(lines[i]);
      continue;
    }
    const [, kind, name] = head;
    const body = [];
    for (i++; i < lines.length && !/^\s*\}\s*(\/\/.*)?$/.test(lines[i]); i++) body.push(lines[i]);
    if (i >= lines.length) throw new Error(`unterminated ${kind} ${name} block in schema`);
    if (kind === "datasource") {
      sawDatasource = true;
      const kept = body.filter((l) => !/^\s*(url|directUrl|shadowDatabaseUrl)\s*=/.test(l));
      out.push(`datasource ${name} {`, ...kept, `  url = env("DATABASE_URL")`, `}`);
    } else {
      sawGenerator = true;
      const preview = body.filter((l) => /^\s*previewFeatures\s*=/.test(l));
      out.push(`generator ${name} {`, `  provider = "prisma-client-js"`, ...preview, `}`);
    }
  }
  if (!sawDatasource) out.unshift(`datasource db {`, `  provider = "${provider}"`, `  url = env("DATABASE_URL")`, `}`, ``);
  if (!sawGenerator) out.unshift(`generator client {`, `  provider = "prisma-client-js"`, `}`, ``);
  return `${out.join("\n").trimEnd()}\n`;
}

function datasourceProvider(source) {
  const block = /datasource\s+\w+\s*\{([^}]*)\}/.exec(source)?.[1] ?? "";
  return /provider\s*=\s*"([^"]+)"/.exec(block)?.[1] ?? "postgresql";
}

const DEFINES_MODELS = /^\s*(model|enum|view|type)\s+\w+\s*\{/m;

/** Diffs the snapshot (or an empty schema) against the current schema of one service; returns SQL or "". */
function diffService(svc) {
  const work = mkdtempSync(join(tmpdir(), `prisma-migrate-${svc.name}-`));
  try {
    const current = readFileSync(svc.schemaPath, "utf8");
    const snapshot = existsSync(svc.snapshotPath) ? readFileSync(svc.snapshotPath, "utf8") : undefined;
    const provider = datasourceProvider(current);
    const oldPath = join(work, "old.prisma");
    const newPath = join(work, "new.prisma");
    // With no snapshot, OLD is the current schema's datasource and generators with no models.
    writeFileSync(oldPath, toPrisma6Schema(snapshot ?? current, { provider, modelsToo: snapshot !== undefined }));
    writeFileSync(newPath, toPrisma6Schema(current, { provider }));
    const sql = migrateDiff(oldPath, newPath, work);
    if (!sql && DEFINES_MODELS.test(current) && !DEFINES_MODELS.test(snapshot ?? "")) {
      throw new Error("prisma migrate diff found no change from a schema with no models to one with models; refusing to trust it");
    }
    return sql;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Services and migration folders

function service(root, name) {
  const dir = join(root, "services", name);
  const prismaDir = join(dir, "prisma");
  const migrationsDir = join(prismaDir, "migrations");
  return {
    name,
    schemaPath: join(prismaDir, "schema.prisma"),
    migrationsDir,
    snapshotPath: join(migrationsDir, SNAPSHOT),
  };
}

function listServices(root) {
  const dir = join(root, "services");
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => service(root, e.name))
    .filter((s) => existsSync(s.schemaPath))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function migrationFolders(migrationsDir) {
  if (!existsSync(migrationsDir)) return [];
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

function utcStamp(date) {
  const p = (n, w = 2) => String(n).padStart(w, "0");
  return `${p(date.getUTCFullYear(), 4)}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}` +
    `${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}`;
}

/** The current UTC time, or one second after the newest existing migration if that is later. */
function nextStamp(existing) {
  let stamp = utcStamp(new Date());
  const latest = existing.map((n) => /^(\d{14})_/.exec(n)?.[1]).filter(Boolean).sort().at(-1);
  if (latest && stamp <= latest) {
    const d = new Date(Date.UTC(+latest.slice(0, 4), +latest.slice(4, 6) - 1, +latest.slice(6, 8),
      +latest.slice(8, 10), +latest.slice(10, 12), +latest.slice(12, 14) + 1));
    stamp = utcStamp(d);
  }
  return stamp;
}

function slug(name) {
  const s = name.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  if (!s) throw new UsageError(`migration name ${JSON.stringify(name)} has no letters or digits`);
  return s.slice(0, 200);
}

// ---------------------------------------------------------------------------------------------
// Commands

function newMigration(root, svcName, rawName, dryRun) {
  if (!/^[\w.-]+$/.test(svcName)) throw new UsageError(`bad service name ${JSON.stringify(svcName)}`);
  const svc = service(root, svcName);
  if (!existsSync(svc.schemaPath)) {
    const known = listServices(root).map((s) => s.name).join(", ") || "none";
    throw new UsageError(`no ${relative(process.cwd(), svc.schemaPath)} (services with a schema: ${known})`);
  }
  const name = slug(rawName);
  const hadSnapshot = existsSync(svc.snapshotPath);
  const existing = migrationFolders(svc.migrationsDir);
  if (!hadSnapshot && existing.length) {
    console.error(`warning: ${svc.name} has migrations but no ${SNAPSHOT}; diffing from an EMPTY schema, ` +
      `so the result will repeat earlier migrations. Add the snapshot (the schema as of the last migration) first.`);
  }
  const sql = diffService(svc);
  if (!sql) {
    console.log(`${svc.name}: schema.prisma has no database changes since the last migration; nothing written.`);
    return 0;
  }
  const folder = `${nextStamp(existing)}_${name}`;
  const target = join(svc.migrationsDir, folder, "migration.sql");
  if (dryRun) {
    process.stdout.write(`-- ${relative(root, target)} (dry run, not written)\n${sql}`);
    return 0;
  }
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, sql, { flag: "wx" });
  writeFileSync(svc.snapshotPath, readFileSync(svc.schemaPath));
  console.log(`${sql}\nWrote ${relative(process.cwd(), target)}`);
  console.log(`${hadSnapshot ? "Updated" : "Created"} ${relative(process.cwd(), svc.snapshotPath)}`);
  console.log("Review the SQL (data migrations, renames) before committing both files.");
  return 0;
}

function check(root) {
  const services = listServices(root);
  let pending = 0;
  for (const svc of services) {
    if (!existsSync(svc.snapshotPath)) {
      console.log(`${svc.name}: skipped, no prisma/migrations/${SNAPSHOT}`);
      continue;
    }
    const current = readFileSync(svc.schemaPath, "utf8");
    const snapshot = readFileSync(svc.snapshotPath, "utf8");
    if (current === snapshot) {
      console.log(`${svc.name}: up to date`);
      continue;
    }
    const sql = diffService(svc);
    if (!sql) {
      console.log(`${svc.name}: up to date (schema.prisma differs from the snapshot, but not in the database)`);
      continue;
    }
    pending++;
    console.log(`${svc.name}: PENDING schema change with no migration; run npm run migration:new -- ${svc.name} <name>\n` +
      sql.replace(/^/gm, "    "));
  }
  if (!services.length) console.log("no services/*/prisma/schema.prisma found");
  return pending ? 1 : 0;
}

function main(argv) {
  const opts = parseArgs(argv);
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  if (opts.check) {
    if (opts.positional.length || opts.dryRun) throw new UsageError("--check takes no other arguments");
    return check(opts.root);
  }
  if (opts.positional.length !== 2) throw new UsageError("expected <service> <name>");
  return newMigration(opts.root, opts.positional[0], opts.positional[1], opts.dryRun);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`error: ${err.message}\n\n${USAGE}`);
      process.exitCode = 64;
    } else {
      console.error(`error: ${err.message}`);
      process.exitCode = 1;
    }
  }
}
