// sql.js's Node build by path, so a `browser` resolve condition (the web's unit tests) cannot swap it.
declare module 'sql.js/dist/sql-wasm.js' {
  import initSqlJs from 'sql.js';
  export = initSqlJs;
}
