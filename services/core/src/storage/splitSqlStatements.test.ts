import { describe, expect, it } from "vitest";
import { listMigrations } from "./migrate.ts";
import { splitSqlStatements } from "./splitSqlStatements.ts";

describe("splitSqlStatements", () => {
  it("splits at top-level semicolons only", () => {
    const sql = `-- a comment; with a semicolon
create table a (x text default 'semi;colon', "odd;name" int);
/* block; comment */ insert into a values ('it''s; fine');
do $$
begin
  perform 1; perform 2;
end
$$;
create function f() returns int language sql as $body$ select 1; $body$;
select 1`;
    expect(splitSqlStatements(sql)).toEqual([
      `-- a comment; with a semicolon\ncreate table a (x text default 'semi;colon', "odd;name" int)`,
      `/* block; comment */ insert into a values ('it''s; fine')`,
      "do $$\nbegin\n  perform 1; perform 2;\nend\n$$",
      "create function f() returns int language sql as $body$ select 1; $body$",
      "select 1",
    ]);
  });

  it("drops empty statements and trailing comments", () => {
    expect(splitSqlStatements(";;\n-- only a comment\n")).toEqual([]);
  });

  it("splits the writer-state migration into its five statements, the do block whole", () => {
    const m = listMigrations().find((x) => x.name === "0003_ingest_writer_state.sql")!;
    const parts = splitSqlStatements(m.sql);
    expect(
      parts.map((p) =>
        p
          .replace(/^(--[^\n]*\n)+/, "")
          .trim()
          .split(/\s+/)
          .slice(0, 2)
          .join(" "),
      ),
    ).toEqual(["alter table", "create type", "create table", "create index", "do $$"]);
    expect(parts.at(-1)).toMatch(/end\n\$\$$/);
  });
});
