# untag.pl: Markdown on standard input without its template tags, for
# realworld.sh's count of the letters a dump must show.  A rough second
# reading of what src/template-*.c do, by the generators' syntax: comment
# blocks go with their text; a list item over {:toc} goes; MDX imports
# and exports go; an admonition's "!!! kind" goes, its title stays; a tag in a destination becomes a bare path, so that the link
# stands; every other Liquid tag, shortcode and kramdown attribute list
# goes, as do Pandoc's attributes after a span.  A tag goes on over lines, but not past a blank one.  Output
# tags ({{ x }}) stay: they are shown.
undef $/;
$_ = <STDIN>;
s/\{\{<\s*comment\s*>\}\}.*?\{\{<\s*\/\s*comment\s*>\}\}//gs;
s/\{%-?\s*comment\s*-?%\}.*?\{%-?\s*endcomment\s*-?%\}//gs;
s/\{::comment\}.*?\{:\/(comment)?\}//gs;
s/^[ \t]*(?:[-*+]|\d+\.)[ \t]+.*\n[ \t]*\{:\s*toc\s*\}[ \t]*$//gm;
# Imports and exports: at the top level, after a blank line, out of fences.
my ($fence, $blank, $esm, $adm, @out) = ('', 1, 0, 0);
for my $line (split /\n/, $_, -1) {
	# An admonition's body, unindented, as the page reads it.
	if ($adm > 0 && $line !~ /^\s*$/) {
		$line =~ /^( *)/;
		$adm = int(length($1) / 4) if length($1) < 4 * $adm;
	}
	$line =~ s/^ {4}// for 1 .. $adm;
	if ($fence ne '') {
		$fence = '' if $line =~ /^\s*\Q$fence\E[`~]*\s*$/;
	} elsif ($line =~ /^\s*(```|~~~)/) {
		$fence = $1;
	} elsif ($line =~ /^\s*(?:!!!|\?\?\?\+?) +[\w-]+(?: +[\w-]+)*(?: +"([^"]*)")? *$/) {
		# An admonition's kind is a mark; its title is shown.
		push @out, defined $1 ? $1 : '';
		$adm++;
		next;
	} elsif ($esm && $line !~ /^\s*$/) {
		next;
	} elsif ($blank && ($line =~ /^import\s.*\bfrom\s*['"]/ ||
	    $line =~ /^import\s+['"]/ ||
	    $line =~ /^export\s+(const|let|var|function|default|class|async)\b/)) {
		$esm = 1;
		next;
	}
	$esm = 0 if $line =~ /^\s*$/;
	$blank = $line =~ /^\s*$/;
	push @out, $line;
}
$_ = join("\n", @out);
my $liquid = qr/\{%(?:(?!%\})[^\n]|\n(?![ \t]*\n)){0,4000}?%\}/;
my $hugo = qr/\{\{[<%](?:(?![>%]\}\})[^\n]|\n(?![ \t]*\n)){0,4000}?[>%]\}\}/;
s/\((\s*)$liquid/(\1\//g;
s/\]:([ \t]*)$liquid/]:\1\//g;
s/\((\s*)\{\{[^}\n]*\}\}/(\1\//g;
s/$liquid//g;
s/$hugo//g;
s/\{:[^}\n]*\}//g;
# Pandoc's attributes right after a span, a link, an image or code go.
s/(?<=[\])`])\{[ ]*[#.=]?[A-Za-z][^{}\n]*\}//g;
print;
