/**
 * React's exports that Preact's compat layer (11.2) does not have. The app is written against
 * React's API and runs on Preact (docs/decisions/0040), so lint refuses these imports
 * (eslint.config.js) and test/build/react-on-preact.test.ts checks the list against both packages.
 * Plain JavaScript: the lint config reads it without a TypeScript loader.
 */
export const PREACT_LACKS = {
  react: [
    'Activity',
    'Profiler',
    'ViewTransition',
    'act',
    'addTransitionType',
    'cache',
    'cacheSignal',
    'captureOwnerStack',
    'unstable_useCacheRefresh',
    'useActionState',
    'useOptimistic',
  ],
  'react-dom': [
    'browser',
    'preconnect',
    'prefetchDNS',
    'preinit',
    'preinitModule',
    'preload',
    'preloadModule',
    'requestFormReset',
    'useFormState',
    'useFormStatus',
  ],
};
