/** The part of solc-js's API the devnet uses (the package ships no types). */
declare module "solc" {
  const solc: {
    /** Standard JSON input in, standard JSON output out. */
    compile(input: string): string;
    version(): string;
  };
  export default solc;
}
