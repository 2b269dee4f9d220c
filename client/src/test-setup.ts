// Shared set-up for unit tests.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s, not 1: on CI's two cores the files run side by side
// and a render that takes 50 ms alone can take a second. A passing wait ends as soon as it
// holds, so only a failure waits longer.
configure({ asyncUtilTimeout: 5000 });
