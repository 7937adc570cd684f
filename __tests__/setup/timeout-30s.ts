// testTimeout is a global option in jest 30; projects set theirs here.
jest.setTimeout(30_000);
