// Shared set-up for unit tests.
import '@testing-library/jest-dom/vitest';
