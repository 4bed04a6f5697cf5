#!/usr/bin/env node
// The page's ES modules as one classic script, for the static page (scripts/static-page.sh):
// a page opened from file:// may run no module script, so each module becomes a function run
// once, in the order the browser would evaluate them (depth first from the entry, imports
// before the importer), returning its exports; an import becomes a read of those exports.
//
//   node scripts/bundle-page.mjs ENTRY.js > bundle.js
//
// It understands the forms the page uses and fails loudly on any other: one-line
// `import { a, b as c } from './x.js';` and `import d from './x.js';`, and `export` before a
// top-level function, class, const or let, or `export default`. A cycle of imports, an import
// of a name the module does not export, or a name imported twice into one module also fail.

import fs from 'node:fs';
import path from 'node:path';

const entry = path.resolve(process.argv[2] || '');
if (!process.argv[2] || !fs.existsSync(entry)) {
  console.error('usage: bundle-page.mjs ENTRY.js');
  process.exit(2);
}
const root = path.dirname(path.dirname(entry));
const fail = (file, message) => {
  console.error(`bundle-page: ${path.relative(root, file)}: ${message}`);
  process.exit(1);
};

const IMPORT = /^import\s+(?:\{([^}]*)\}|([A-Za-z_$][\w$]*))\s+from\s+'(\.{1,2}\/[^']+\.js)';\s*$/;
const EXPORT = /^export\s+(default\s+|(?:async\s+)?function\*?\s+([A-Za-z_$][\w$]*)|class\s+([A-Za-z_$][\w$]*)|(?:const|let)\s+([A-Za-z_$][\w$]*))/;

const modules = new Map(); // file -> {id, body, exports}
const order = [];
const visiting = new Set();

function load(file) {
  if (modules.has(file)) return modules.get(file);
  if (visiting.has(file)) fail(file, 'a cycle of imports (not bundled: order would matter)');
  visiting.add(file);
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const exports = [];
  const imported = new Set();
  const out = [];
  lines.forEach((line, i) => {
    if (/^\s*import[\s{(]/.test(line) && !/^\s*import\(/.test(line)) {
      const m = line.match(IMPORT);
      if (!m) fail(file, `line ${i + 1}: an import this bundler does not read: ${line}`);
      const dep = load(path.resolve(path.dirname(file), m[3]));
      const bind = (local) => {
        if (imported.has(local)) fail(file, `line ${i + 1}: ${local} is imported twice`);
        imported.add(local);
      };
      if (m[2]) {
        if (!dep.exports.includes('default')) fail(file, `${m[3]} has no default export`);
        bind(m[2]);
        out.push(`const ${m[2]} = ${dep.id}.default;`);
      } else {
        const names = m[1].split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
          const [name, local = name] = s.split(/\s+as\s+/);
          if (!dep.exports.includes(name)) fail(file, `${m[3]} does not export ${name}`);
          bind(local);
          return name === local ? name : `${name}: ${local}`;
        });
        out.push(`const { ${names.join(', ')} } = ${dep.id};`);
      }
      return;
    }
    if (/^\s*export\s/.test(line)) {
      const m = line.match(EXPORT);
      if (!m || /^\s/.test(line)) fail(file, `line ${i + 1}: an export this bundler does not read: ${line}`);
      if (m[1].startsWith('default')) {
        exports.push('default');
        out.push(line.replace(/^export\s+default\s+/, 'const __default = '));
      } else {
        exports.push(m[2] || m[3] || m[4]);
        out.push(line.replace(/^export\s+/, ''));
      }
      return;
    }
    out.push(line);
  });
  const seen = new Set();
  for (const name of exports) {
    if (seen.has(name)) fail(file, `${name} is exported twice`);
    seen.add(name);
  }
  const id = '__' + path.relative(root, file).replace(/[^\w]/g, '_');
  const mod = { id, file, body: out.join('\n'), exports };
  visiting.delete(file);
  modules.set(file, mod);
  order.push(mod);
  return mod;
}

load(entry);
const parts = ['(function () {', "'use strict';"];
for (const m of order) {
  const ret = m.exports.map((n) => (n === 'default' ? 'default: __default' : n)).join(', ');
  parts.push(`// --- ${path.relative(root, m.file)}`);
  parts.push(`const ${m.id} = (function () {\n${m.body}\nreturn { ${ret} };\n})();`);
}
parts.push('})();', '');
process.stdout.write(parts.join('\n'));
