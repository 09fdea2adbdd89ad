// Copies node and credential icons (and codex JSON) next to the compiled files in dist/.
const { src, dest } = require('gulp');

function buildIcons() {
	src('icons/*.svg').pipe(dest('dist/icons'));
	return src(['nodes/**/*.{png,svg,json}', 'credentials/**/*.{png,svg}'], { base: '.' }).pipe(dest('dist'));
}

exports['build:icons'] = buildIcons;
