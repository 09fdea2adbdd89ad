// Copies icons and codex JSON next to the compiled files in dist/ (tsc copies only .ts output).
const { src, dest, parallel } = require('gulp');

const copyIcons = () => src('icons/*.svg').pipe(dest('dist/icons'));
const copyNodeAssets = () =>
	src(['nodes/**/*.{png,svg,json}', 'credentials/**/*.{png,svg}'], { base: '.' }).pipe(dest('dist'));

exports['build:icons'] = parallel(copyIcons, copyNodeAssets);
