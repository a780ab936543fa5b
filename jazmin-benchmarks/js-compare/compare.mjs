// The JavaScript side of js-compare.sh (issue 17): the reference library's best times for the side-by-side
// operations on the 200,000-customer table, with the API calls of the reference's own bench/benchmark.js.
// The library is imported from REF_DIR (its package.json's entry point); none of its code is in this repository.
//
//   node --expose-gc compare.mjs REF_DIR DATA_DIR run [RUNS]   one round: "op<TAB>best ms<TAB>runs" per operation
//   node compare.mjs REF_DIR DATA_DIR write-keyed              writes DATA_DIR/read-key.jzm (3 indexes, key file)
//   node compare.mjs REF_DIR DATA_DIR version                  prints the library's name@version
//
// DATA_DIR is prepared by js-compare.sh: customers.jsonl (the case's input rows, canonical form), schema.json (its
// columns with the three indexes), customers.key (key text), expected.json (the generator's answers),
// read-plain.jzm and read-key.jzm (the files both sides read). Writes go to DATA_DIR/out-js-*.jzm.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [refDir, dataDir, mode = 'run', runsArg = '7'] = process.argv.slice(2);
if (!refDir || !dataDir) {
  console.error('usage: node compare.mjs REF_DIR DATA_DIR run|write-keyed|version [RUNS]');
  process.exit(2);
}
const pkg = JSON.parse(fs.readFileSync(path.join(refDir, 'package.json'), 'utf8'));
const data = (name) => path.join(dataDir, name);

if (mode === 'version') {
  console.log(`${pkg.name}@${pkg.version}`);
  process.exit(0);
}

const lib = await import(pathToFileURL(path.resolve(refDir, entryPoint(pkg))).href);
const { JazminKey, open, write } = lib;
const columns = JSON.parse(fs.readFileSync(data('schema.json'), 'utf8'));
const plainColumns = columns.map(({ index, ...c }) => c);
const key = JazminKey.parse(fs.readFileSync(data('customers.key'), 'utf8').trim());
const rows = loadRows(data('customers.jsonl'), columns);

if (mode === 'write-keyed') {
  write(data('read-key.jzm'), rows, { columns, key });
  console.log(`wrote ${data('read-key.jzm')} with ${pkg.name}@${pkg.version}`);
  process.exit(0);
}
if (mode !== 'run') {
  console.error(`unknown mode '${mode}'`);
  process.exit(2);
}

const runs = Number(runsArg);
const expected = JSON.parse(fs.readFileSync(data('expected.json'), 'utf8'));
const filter = { country: 'NA', age: { gt: 80 } };
const contains = { name: { contains: 'Ndlovu' } };
const plain = data('read-plain.jzm');
const keyed = data('read-key.jzm');

const operations = [
  writeOp('writeNoIndexes', { columns: plainColumns }),
  writeOp('write3Indexes', { columns }),
  writeOp('write3IndexesKey', { columns, key }),
  ...readOps('', plain, undefined),
  ...readOps('Key', keyed, { key }),
];

console.log(`# side\tjs\t${pkg.name}@${pkg.version}\tnode ${process.version}`);
for (const op of operations) {
  op.check(timed(op).result); // also the warm-up, as the reference's benchmark does for every contender
  let best = Infinity;
  for (let i = 0; i < runs; i++) best = Math.min(best, timed(op).ms);
  console.log(`${op.name}\t${best.toFixed(3)}\t${runs}`);
}

/** The import path of the package: exports["."] (its default condition), else main. */
function entryPoint(p) {
  const dot = typeof p.exports === 'string' ? p.exports : p.exports?.['.'];
  const target = typeof dot === 'string' ? dot : dot?.import ?? dot?.default;
  return target ?? p.main ?? 'index.js';
}

/** The canonical rows as the writer takes them: int text to numbers, datetime text to Dates. */
function loadRows(file, cols) {
  const convert = cols.flatMap((c) => {
    if (c.type === 'int') return [[c.name, toSafeInteger]];
    if (c.type === 'datetime') return [[c.name, (text) => new Date(text)]];
    return [];
  });
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const out = [];
  for (const line of lines) {
    if (!line) continue;
    const row = JSON.parse(line);
    for (const [name, f] of convert) if (row[name] !== null) row[name] = f(row[name]);
    out.push(row);
  }
  return out;
}

function toSafeInteger(text) {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error(`int ${text} is not a safe integer`);
  return n;
}

function timed(op) {
  op.before?.();
  globalThis.gc?.();
  const start = process.hrtime.bigint();
  const result = op.run();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
}

function writeOp(name, options) {
  const file = data(`out-js-${name}.jzm`);
  return {
    name,
    before: () => fs.rmSync(file, { force: true }),
    run: () => write(file, rows, options),
    check: () => {
      const r = open(file, options.key ? { key: options.key } : undefined);
      let n = 0;
      for (const _ of r.rows()) n++;
      r.close();
      same(`${name}: rows read back`, n, expected.rows);
    },
  };
}

function readOps(suffix, file, options) {
  const withReader = (fn) => () => {
    const r = open(file, options);
    try {
      return fn(r);
    } finally {
      r.close();
    }
  };
  return [
    {
      name: `readAll${suffix}`,
      run: withReader((r) => {
        let n = 0;
        for (const _ of r.rows()) n++;
        return n;
      }),
      check: (n) => same(`readAll${suffix}`, n, expected.rows),
    },
    {
      name: `findById${suffix}`,
      run: withReader((r) => [...r.find({ id: expected.findId })]),
      check: (found) => {
        same(`findById${suffix}: rows found`, found.length, 1);
        same(`findById${suffix}: id`, String(found[0].id), String(expected.findId));
        same(`findById${suffix}: name`, found[0].name, expected.findName);
        same(`findById${suffix}: email`, found[0].email, expected.findEmail);
      },
    },
    {
      name: `filterCount${suffix}`,
      run: withReader((r) => r.count(filter)),
      check: (n) => same(`filterCount${suffix}`, Number(n), expected.filterCount),
    },
    {
      name: `containsCount${suffix}`,
      run: withReader((r) => r.count(contains)),
      check: (n) => same(`containsCount${suffix}`, Number(n), expected.containsCount),
    },
  ];
}

function same(what, actual, wanted) {
  if (actual !== wanted) throw new Error(`${what}: got ${actual}, expected ${wanted}`);
}
