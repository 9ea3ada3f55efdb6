'use strict';
// Runs requests through tedious, the Node.js SQL Server driver, for the interop tests (TediousInteropTest).
// Usage: node tedious-client.js HOST PORT < requests
// stdin: one JSON request a line, run in order on one connection:
//   {"rpc": "dbo.Proc", "params": [...]}   callProcedure: an RPC naming the procedure
//   {"sql": "EXEC ...", "params": [...]}    execSql: sp_executesql with the parameters declared
// with params [{"name": "id", "type": "NVarChar", "value": "...", "output": false, "length": 88}, ...], a type
// named as in tedious's TYPES, binary values as hex, date values as ISO-8601 text and "length": "max" for a (max)
// type.
// stdout: one JSON line a request, in order: {"outputs": {name: value}, "rows": [[...]]} or
// {"error": {"number": n, "message": "..."}}; binary values as hex. A connection failure prints
// {"connectError": "..."} and exits 1. The connection is kept across failed requests, so a request after a
// failure shows whether it stayed usable.
const readline = require('node:readline');
const { Connection, Request, TYPES } = require('tedious');

const BINARY_TYPES = new Set(['VarBinary', 'Binary', 'Image']);
// Date types go as ISO-8601 text in the requests; tedious wants Dates for them.
const DATE_TYPES = new Set(['DateTimeOffset', 'DateTime2', 'DateTime']);
const TIMEOUT_MILLIS = 15000;

function parameterValue(param) {
  if (param.value === null || param.value === undefined) {
    return null;
  }
  if (BINARY_TYPES.has(param.type)) {
    return Buffer.from(param.value, 'hex');
  }
  return DATE_TYPES.has(param.type) ? new Date(param.value) : param.value;
}

function parameterOptions(param) {
  if (param.length === undefined) {
    return undefined;
  }
  // tedious declares any length above the type's maximum as (max), and sends its values as PLP.
  return { length: param.length === 'max' ? Infinity : param.length };
}

function printable(value) {
  return Buffer.isBuffer(value) ? value.toString('hex') : value;
}

function run(connection, spec) {
  return new Promise((resolve) => {
    const outputs = {};
    const rows = [];
    const request = new Request(spec.sql ?? spec.rpc, (err) => {
      if (err) {
        resolve({ error: { number: err.number ?? null, message: err.message } });
      } else {
        resolve({ outputs, rows });
      }
    });
    for (const param of spec.params ?? []) {
      const type = TYPES[param.type];
      if (!type) {
        throw new Error('unknown tedious type ' + param.type);
      }
      const add = param.output ? request.addOutputParameter : request.addParameter;
      add.call(request, param.name, type, parameterValue(param), parameterOptions(param));
    }
    request.on('returnValue', (name, value) => {
      outputs[name] = printable(value);
    });
    request.on('row', (columns) => {
      rows.push(columns.map((column) => printable(column.value)));
    });
    if (spec.rpc) {
      connection.callProcedure(request);
    } else {
      connection.execSql(request);
    }
  });
}

function connect(host, port) {
  return new Promise((resolve, reject) => {
    const connection = new Connection({
      server: host,
      authentication: { type: 'default', options: { userName: 'interop', password: 'interop' } },
      options: {
        port,
        encrypt: false,
        trustServerCertificate: true,
        connectTimeout: TIMEOUT_MILLIS,
        requestTimeout: TIMEOUT_MILLIS,
      },
    });
    connection.on('connect', (err) => (err ? reject(err) : resolve(connection)));
    connection.connect();
  });
}

async function main() {
  const [host, port] = process.argv.slice(2);
  let connection;
  try {
    connection = await connect(host, Number(port));
  } catch (err) {
    console.log(JSON.stringify({ connectError: err.message }));
    process.exit(1);
  }
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (line.trim() !== '') {
      console.log(JSON.stringify(await run(connection, JSON.parse(line))));
    }
  }
  connection.close();
}

main();
