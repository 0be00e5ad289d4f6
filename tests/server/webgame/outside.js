export const outside = 1;
