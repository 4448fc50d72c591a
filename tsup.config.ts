import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    engine: 'src/engine/index.ts',
    bots: 'src/bots/index.ts',
    notation: 'src/notation/index.ts',
    render: 'src/render/index.ts',
    element: 'src/element/index.ts',
  },
  format: ['esm', 'cjs'],
  target: 'es2022',
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  sourcemap: true,
  clean: true,
  treeshake: true,
  // Shared chunks: the entry points share one kernel and one state cache.
  splitting: true,
});
