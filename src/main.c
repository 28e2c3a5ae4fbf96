/*
 * main: options, configuration, locale and wiring.  It reads the
 * configuration file, under the command line, loads the article, then
 * prints it (--dump, --toc) or its matches (--search) and maps every
 * outcome to an exit status: 0 done, 1 the input or the output failed (or,
 * for --search, nothing matched), 2 a bad command line or a bad query.  A
 * bad configuration is only warned about.
 */
#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cfg.h"
#include "config.h"
#include "diag.h"
#include "doc.h"
#include "dump.h"
#include "keymap.h"
#include "load.h"
#include "opener.h"
#include "recall.h"
#include "screen.h"
#include "search.h"
#include "speakers.h"
#include "view.h"

/* The OLS 2003 trip report, built into the binary (sample.c). */
extern const unsigned char	 olsread_sample[];
extern const size_t		 olsread_sample_len;
#define MAIN_SAMPLE_NAME	"000-article.md"

/*
 * Widths a reader can ask for, the measure printed text keeps to unless
 * asked, and the pager's.
 */
#define MAIN_MIN_WIDTH		CFG_WIDTH_MIN
#define MAIN_MAX_WIDTH		CFG_WIDTH_MAX
#define MAIN_MEASURE		100
#define MAIN_DEFAULT_WIDTH	80
#define MAIN_PAGER_MEASURE	80

enum main_mode {
	MAIN_READ,
	MAIN_DUMP,
	MAIN_TOC,
	MAIN_SEARCH,
	MAIN_SPEAKERS
};

enum main_color {
	MAIN_COLOR_AUTO,
	MAIN_COLOR_ALWAYS,
	MAIN_COLOR_NEVER
};

struct main_opts {
	enum main_mode	 mode;
	enum main_color	 color;
	bool		 tsv;
	bool		 remember;	/* the place, between runs */
	bool		 sample;	/* the bundled article, not a file */
	char *const	*paths;		/* the files given: path is the first */
	size_t		 npaths;
	unsigned int	 talk;		/* --section: one talk, or 0 */
	const char	*query;		/* --search */
	int		 sflags;	/* SEARCH_* */
	const char	*start;		/* +/query: the pager's first search */
	const char	*path;
	struct cfg	 cli;		/* the settings given here */
	const char	*config;	/* --config, or NULL */
	bool		 no_config;	/* --no-config */

	/* The settings: defaults, then the file, then the command line. */
	unsigned int	 width;		/* 0: not asked */
	bool		 mouse;
	bool		 hyperlinks;
	bool		 sidebar;
	unsigned int	 side_width;	/* 0: the view's default */
	enum cfg_theme	 theme;
	bool		 smart;
	const struct keymap *keys;	/* borrowed: the configuration's */
	size_t		 ncfgmsgs;	/* the diagnostics' first, about the
					   configuration */
};

enum {
	OPT_DUMP = 256,
	OPT_TOC,
	OPT_TSV,
	OPT_COLOR,
	OPT_MOUSE,
	OPT_NO_MOUSE,
	OPT_HYPERLINKS,
	OPT_NO_HYPERLINKS,
	OPT_SIDEBAR,
	OPT_NO_SIDEBAR,
	OPT_SIDEBAR_WIDTH,
	OPT_THEME,
	OPT_SMART,
	OPT_NO_SMART,
	OPT_CONFIG,
	OPT_NO_CONFIG,
	OPT_SEARCH,
	OPT_SECTION,
	OPT_SPEAKERS,
	OPT_REGEX
};

static const struct option main_longopts[] = {
	{ "color",	optional_argument,	NULL,	OPT_COLOR },
	{ "colour",	optional_argument,	NULL,	OPT_COLOR },
	{ "config",	required_argument,	NULL,	OPT_CONFIG },
	{ "dump",	no_argument,		NULL,	OPT_DUMP },
	{ "help",	no_argument,		NULL,	'h' },
	{ "hyperlinks",	no_argument,		NULL,	OPT_HYPERLINKS },
	{ "ignore-case", no_argument,		NULL,	'i' },
	{ "mouse",	no_argument,		NULL,	OPT_MOUSE },
	{ "no-config",	no_argument,		NULL,	OPT_NO_CONFIG },
	{ "no-hyperlinks", no_argument,		NULL,	OPT_NO_HYPERLINKS },
	{ "no-mouse",	no_argument,		NULL,	OPT_NO_MOUSE },
	{ "no-remember", no_argument,		NULL,	'n' },
	{ "no-sidebar",	no_argument,		NULL,	OPT_NO_SIDEBAR },
	{ "no-smart",	no_argument,		NULL,	OPT_NO_SMART },
	{ "regex",	no_argument,		NULL,	OPT_REGEX },
	{ "search",	required_argument,	NULL,	OPT_SEARCH },
	{ "section",	required_argument,	NULL,	OPT_SECTION },
	{ "sidebar",	no_argument,		NULL,	OPT_SIDEBAR },
	{ "sidebar-width", required_argument,	NULL,	OPT_SIDEBAR_WIDTH },
	{ "smart",	no_argument,		NULL,	OPT_SMART },
	{ "speakers",	no_argument,		NULL,	OPT_SPEAKERS },
	{ "theme",	required_argument,	NULL,	OPT_THEME },
	{ "toc",	no_argument,		NULL,	OPT_TOC },
	{ "tsv",	no_argument,		NULL,	OPT_TSV },
	{ "version",	no_argument,		NULL,	'V' },
	{ "width",	required_argument,	NULL,	'w' },
	{ NULL,		0,			NULL,	0 }
};

static void
main_usage(FILE *fp)
{
	fputs("usage: olsread [-hnV] [--dump | --toc [--tsv]] [--section n] "
	    "[-w width]\n"
	    "               [--color[=when]] [--[no-]mouse] "
	    "[--[no-]hyperlinks]\n"
	    "               [--[no-]sidebar] [--sidebar-width width] "
	    "[--theme name]\n"
	    "               [--[no-]smart] [--config file | --no-config] "
	    "[file ...]\n"
	    "       olsread --search query [--regex] [-i | -I] "
	    "[--color[=when]] [file]\n"
	    "       olsread --speakers [--tsv] [file ...]\n"
	    "       olsread [options] +/query [file]\n", fp);
}

static void
main_help(void)
{
	main_usage(stdout);
	fputs("\n"
	    "Read a Markdown article in the terminal, reflowed, beside an\n"
	    "index of its talks.  In the pager, h shows the keys.\n"
	    "\n"
	    "  --dump           print the reflowed article to standard output\n"
	    "  --toc            print the talk index\n"
	    "  --speakers       print every speaker, by surname, with the\n"
	    "                   numbers and titles of their talks, in every\n"
	    "                   file given\n"
	    "  --tsv            with --toc: level, talk, title and speakers,\n"
	    "                   tab-separated; with --speakers: speaker,\n"
	    "                   talks and titles\n"
	    "  --section N      the pager opens at talk N; --dump prints it\n"
	    "                   alone\n"
	    "  --search QUERY   print each match with its talk, section and\n"
	    "                   context; a capital in QUERY makes it exact\n"
	    "  --regex          QUERY is a POSIX extended regular expression\n"
	    "  -i, --ignore-case\n"
	    "                   ignore case, whatever QUERY holds\n"
	    "  -I               keep case, whatever QUERY holds\n"
	    "  -w, --width N    text width in columns (10 to 1000)\n"
	    "  --color[=WHEN]   style the output: auto, always or never\n"
	    "  --mouse          let the pager take the mouse (the default)\n"
	    "  --no-mouse       leave the mouse to the terminal\n"
	    "  --hyperlinks, --no-hyperlinks\n"
	    "                   make links clickable in the terminal (OSC 8,\n"
	    "                   the default), or not\n"
	    "  --sidebar, --no-sidebar\n"
	    "                   start the pager with the talk index, or "
	    "without\n"
	    "  --sidebar-width N\n"
	    "                   the index's width (16 to 60; 30 by "
	    "default)\n"
	    "  --theme NAME     the pager's colours: dark, light or mono\n"
	    "  --smart, --no-smart\n"
	    "                   curly quotes and dashes, or the text as "
	    "written\n"
	    "  --config FILE    read the settings from FILE, not from\n"
	    "                   ~/.config/olsread/config\n"
	    "  --no-config      read no configuration file\n"
	    "  -n, --no-remember\n"
	    "                   neither reopen where the last reading ended\n"
	    "                   nor remember this one\n"
	    "  -h, --help       show this help\n"
	    "  -V, --version    show the version\n"
	    "\n"
	    "With no file, or when file is -, read standard input; with no\n"
	    "file and a terminal there, the OLS 2003 report built in.\n"
	    "See olsread(1) for more.\n", stdout);
}

/* A bad command line: say what is wrong, show the usage, exit 2. */
static void __attribute__((noreturn))
main_bad_usage(const char *msg, const char *arg)
{
	if (msg != NULL)
		fprintf(stderr, "olsread: %s%s%s\n", msg, arg ? ": " : "",
		    arg ? arg : "");
	main_usage(stderr);
	exit(2);
}

/* A setting given on the command line: as the configuration file takes it. */
static void
main_give(struct main_opts *o, enum cfg_setting s, const char *value)
{
	char	 err[128];

	if (!cfg_set(&o->cli, s, value, err, sizeof(err)))
		main_bad_usage(err, value);
}

static enum main_color
main_parse_color(const char *s)
{
	if (s == NULL || strcmp(s, "always") == 0)
		return MAIN_COLOR_ALWAYS;
	if (strcmp(s, "auto") == 0)
		return MAIN_COLOR_AUTO;
	if (strcmp(s, "never") == 0)
		return MAIN_COLOR_NEVER;
	main_bad_usage("--color takes auto, always or never", s);
}

/* --section N: a talk number, from 1. */
static unsigned int
main_parse_talk(const char *s)
{
	char		*end;
	unsigned long	 n;

	errno = 0;
	n = strtoul(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || s[0] == '-' || n == 0 ||
	    n > UINT_MAX)
		main_bad_usage("--section takes a talk number, from 1", s);
	return (unsigned int)n;
}

/* What the options say together, once all are read. */
static void
main_check(int argc, char *argv[], struct main_opts *o)
{
	/* "+/query", as less has it: open the pager at the first match. */
	if (optind < argc && argv[optind][0] == '+') {
		if (argv[optind][1] != '/' || argv[optind][2] == '\0')
			main_bad_usage("only +/query is understood",
			    argv[optind]);
		o->start = argv[optind++] + 2;
	}
	if (argc - optind > 1 && o->mode != MAIN_READ &&
	    o->mode != MAIN_SPEAKERS)
		main_bad_usage("--dump, --toc and --search take one file",
		    argv[optind + 1]);
	if (o->tsv && o->mode != MAIN_TOC && o->mode != MAIN_SPEAKERS)
		main_bad_usage("--tsv goes with --toc or --speakers", NULL);
	if (o->sflags != 0 && o->mode != MAIN_SEARCH)
		main_bad_usage("--regex, -i and -I go with --search", NULL);
	if (o->mode == MAIN_SEARCH && *o->query == '\0')
		main_bad_usage("--search needs a query", NULL);
	if (o->talk > 0 && (o->mode == MAIN_TOC || o->mode == MAIN_SEARCH ||
	    o->mode == MAIN_SPEAKERS))
		main_bad_usage("--section goes with the pager or --dump", NULL);
	o->path = optind < argc ? argv[optind] : "-";
	o->paths = argv + optind;
	o->npaths = optind < argc ? (size_t)(argc - optind) : 1;
	/* Nothing to read from a terminal: the article that ships along. */
	if (optind == argc && isatty(STDIN_FILENO)) {
		o->path = MAIN_SAMPLE_NAME;
		o->sample = true;
	}
}

static void
main_parse(int argc, char *argv[], struct main_opts *o)
{
	int	 ch;

	while ((ch = getopt_long(argc, argv, "hinIVw:", main_longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'h':
			main_help();
			exit(0);
		case 'V':
			printf("olsread %s\n", OLSREAD_VERSION);
			exit(0);
		case 'w':
			main_give(o, CFG_WIDTH, optarg);
			break;
		case OPT_DUMP:
			o->mode = MAIN_DUMP;
			break;
		case OPT_TOC:
			o->mode = MAIN_TOC;
			break;
		case OPT_TSV:
			o->tsv = true;
			break;
		case OPT_SPEAKERS:
			o->mode = MAIN_SPEAKERS;
			break;
		case OPT_COLOR:
			o->color = main_parse_color(optarg);
			break;
		case OPT_MOUSE:
		case OPT_NO_MOUSE:
			main_give(o, CFG_MOUSE, ch == OPT_MOUSE ? "on" : "off");
			break;
		case OPT_HYPERLINKS:
		case OPT_NO_HYPERLINKS:
			main_give(o, CFG_HYPERLINKS, ch == OPT_HYPERLINKS ?
			    "on" : "off");
			break;
		case OPT_SIDEBAR:
		case OPT_NO_SIDEBAR:
			main_give(o, CFG_SIDEBAR, ch == OPT_SIDEBAR ? "on" :
			    "off");
			break;
		case OPT_SIDEBAR_WIDTH:
			main_give(o, CFG_SIDEBAR_WIDTH, optarg);
			break;
		case OPT_THEME:
			main_give(o, CFG_THEME, optarg);
			break;
		case OPT_SMART:
		case OPT_NO_SMART:
			main_give(o, CFG_SMART, ch == OPT_SMART ? "on" : "off");
			break;
		case OPT_CONFIG:
		case OPT_NO_CONFIG:
			/* The last of the two wins. */
			o->config = ch == OPT_CONFIG ? optarg : NULL;
			o->no_config = ch == OPT_NO_CONFIG;
			break;
		case 'n':
			o->remember = false;
			break;
		case OPT_SEARCH:
			o->mode = MAIN_SEARCH;
			o->query = optarg;
			break;
		case OPT_SECTION:
			o->talk = main_parse_talk(optarg);
			break;
		case OPT_REGEX:
			o->sflags |= SEARCH_REGEX;
			break;
		case 'i':
		case 'I':
			/* The last of the two wins. */
			o->sflags &= ~(SEARCH_ICASE | SEARCH_EXACT);
			o->sflags |= ch == 'i' ? SEARCH_ICASE : SEARCH_EXACT;
			break;
		default:
			main_bad_usage(NULL, NULL);
		}
	}
	main_check(argc, argv, o);
}

/*
 * Read the configuration file, unless told not to, and settle each setting:
 * the command line first, then the file, then the default.  The file's
 * problems go into `dg`.
 */
static void
main_configure(struct main_opts *o, struct cfg *c, struct diag *dg)
{
	char	*path;

	cfg_init(c);
	if (o->config != NULL)
		cfg_read(c, o->config, false, dg);
	else if (!o->no_config && (path = cfg_path(getenv("XDG_CONFIG_HOME"),
	    getenv("HOME"))) != NULL) {
		/* Not having one is the common case, and no mistake. */
		cfg_read(c, path, true, dg);
		free(path);
	}
	o->ncfgmsgs = dg->n;
	cfg_merge(c, &o->cli);
	o->width = (unsigned int)c->value[CFG_WIDTH];
	o->mouse = c->value[CFG_MOUSE];
	o->hyperlinks = c->value[CFG_HYPERLINKS];
	o->sidebar = c->value[CFG_SIDEBAR];
	o->side_width = (unsigned int)c->value[CFG_SIDEBAR_WIDTH];
	o->theme = (enum cfg_theme)c->value[CFG_THEME];
	o->smart = c->value[CFG_SMART];
	o->keys = &c->keys;
}

/*
 * The width to lay out at: as asked, else the terminal's (or $COLUMNS, as
 * man(1) has it), capped at a comfortable reading measure.
 */
static unsigned int
main_width(const struct main_opts *o)
{
	struct winsize	 ws;
	const char	*env;
	long		 n = 0;

	if (o->width != 0)
		return o->width;
	if ((env = getenv("COLUMNS")) != NULL)
		n = strtol(env, NULL, 10);
	if ((n < MAIN_MIN_WIDTH || n > MAIN_MAX_WIDTH) &&
	    ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0)
		n = ws.ws_col;
	if (n < MAIN_MIN_WIDTH || n > MAIN_MAX_WIDTH)
		n = MAIN_DEFAULT_WIDTH;
	return n > MAIN_MEASURE ? MAIN_MEASURE : (unsigned int)n;
}

/* Styling: as asked; on auto, only on a terminal and without NO_COLOR. */
static bool
main_color(const struct main_opts *o)
{
	const char	*env;

	if (o->color != MAIN_COLOR_AUTO)
		return o->color == MAIN_COLOR_ALWAYS;
	if ((env = getenv("NO_COLOR")) != NULL && *env != '\0')
		return false;
	if ((env = getenv("TERM")) == NULL || strcmp(env, "dumb") == 0)
		return false;
	return isatty(STDOUT_FILENO);
}

/*
 * The pager's theme: mono when colour is off, by --color=never or by
 * NO_COLOR, which --color=always overrides; else the one chosen.
 */
static enum cfg_theme
main_pager_theme(const struct main_opts *o)
{
	const char	*env;

	if (o->color == MAIN_COLOR_NEVER)
		return CFG_THEME_MONO;
	if (o->color == MAIN_COLOR_AUTO && (env = getenv("NO_COLOR")) != NULL &&
	    *env != '\0')
		return CFG_THEME_MONO;
	return o->theme;
}

/* The first `n` messages of `dg`, one a line. */
static void
main_show_diag_n(const struct diag *dg, size_t n)
{
	size_t	 i;

	for (i = 0; i < dg->n && i < n; i++)
		fprintf(stderr, "olsread: %s\n", dg->msgs[i]);
}

static void
main_show_diag(const struct diag *dg)
{
	main_show_diag_n(dg, dg->n);
}

/* What main_stream() hands each step to: work on sections, 0 or -1. */
struct main_stream {
	load_sections_fn	*fn;
	void			*arg;
};

static int
main_stream_step(const struct doc *d, size_t from, size_t to, void *arg)
{
	const struct main_stream	*m = arg;

	/* Until the first sections are out, each step goes out at once. */
	if (m->fn(d, from, to, m->arg) != 0 ||
	    (from == 0 && fflush(stdout) != 0))
		return -1;
	return 0;
}

/*
 * Load the article and hand `fn` each section once it is complete, so that
 * the first lines come out after the first piece.  `fn` returns 0, or -1
 * on a write error; so does this.
 */
static int
main_stream(struct load_job *job, load_sections_fn *fn, void *arg)
{
	struct main_stream	 m = { fn, arg };

	return load_each_final(job, main_stream_step, &m);
}

static int
main_print_sections(const struct doc *d, size_t from, size_t to, void *arg)
{
	return dump_article(stdout, d, from, to, arg);
}

static int
main_print_toc(const struct doc *d, size_t from, size_t to, void *arg)
{
	return dump_toc(stdout, d, from, to, arg);
}

/* Output that failed: say why, and give the exit status. */
static int
main_write_error(void)
{
	/* A reader that went away is not an error worth a message. */
	if (errno != EPIPE)
		fprintf(stderr, "olsread: write error: %s\n", strerror(errno));
	return 1;
}

/*
 * --section: the talk's section and those within it.  Returns 0, -1 on a
 * write error, or 1 when the article has no such talk.
 */
static int
main_print_talk(const struct main_opts *o, const struct doc *d,
    const struct dump_opts *dopts)
{
	struct dump_opts	 trimmed;
	size_t			 s, end;

	if ((s = doc_talk_section(d, o->talk)) == DOC_NONE) {
		fprintf(stderr, "olsread: %s: no talk %u: the article has %u\n",
		    strcmp(o->path, "-") == 0 ? "standard input" : o->path,
		    o->talk, d->ntalks);
		return 1;
	}
	for (end = s + 1; end < d->nsections &&
	    d->sections[end].depth > d->sections[s].depth; end++)
		continue;
	trimmed = *dopts;
	trimmed.trim = true;
	return dump_article(stdout, d, s, end, &trimmed);
}

/* Print the article or its index; returns the exit status. */
static int
main_print(const struct main_opts *o, struct load_job *job)
{
	struct dump_opts	 dopts;
	int			 r;

	memset(&dopts, 0, sizeof(dopts));
	dopts.width = main_width(o);
	dopts.color = main_color(o);
	dopts.tsv = o->tsv;
	if (o->mode == MAIN_TOC)
		r = main_stream(job, main_print_toc, &dopts);
	else if (o->talk > 0) {
		while (load_next(job))
			continue;
		if ((r = main_print_talk(o, load_doc(job), &dopts)) > 0)
			return r;
	} else
		r = main_stream(job, main_print_sections, &dopts);
	if (r == 0 && fflush(stdout) == 0)
		return 0;
	return main_write_error();
}

/* A search as the article loads: what it has found so far. */
struct main_found {
	const struct main_opts	*o;
	struct dump_opts	 dopts;
	struct search		 s;
	struct search_index	*ix;		/* owned */
	size_t			 matches;
	size_t			 sections;	/* with a match */
};

/*
 * Search sections [from, to), print their matches and count them.
 * Returns 0, or -1 on a write error.
 */
static int
main_search_sections(const struct doc *d, size_t from, size_t to, void *arg)
{
	struct main_found	*f = arg;
	size_t			 a = doc_section_start(d, from), i;
	size_t			 b = doc_section_start(d, to);

	/* An empty scope would be the whole text. */
	if (b <= a)
		return 0;
	search_run(&f->s, f->ix, d, f->o->query, f->o->sflags, a, b, NULL, 0);
	f->matches += f->s.n;
	for (i = from; i < to && i < f->s.nsections; i++)
		f->sections += f->s.count[i] > 0;
	return dump_matches(stdout, d, &f->s, &f->dopts);
}

/*
 * Print the matches of the query, then their count on standard error.
 * Returns the exit status: 0 something matched, 1 nothing did (or the
 * output failed), 2 the query is bad.
 */
static int
main_search(const struct main_opts *o, struct load_job *job)
{
	struct main_found	 f;
	char			 err[256];
	int			 status;

	memset(&f, 0, sizeof(f));
	f.o = o;
	f.dopts.color = main_color(o);
	search_init(&f.s);
	f.ix = search_index_new(load_doc(job));
	/* Over the doc still empty: a bad query is told before any work. */
	if (search_run(&f.s, f.ix, load_doc(job), o->query, o->sflags, 0, 0,
	    err, sizeof(err)) == -1) {
		fprintf(stderr, "olsread: bad regular expression: %s\n", err);
		status = 2;
	} else if (main_stream(job, main_search_sections, &f) == 0 &&
	    fflush(stdout) == 0) {
		fprintf(stderr, "%zu match%s in %zu section%s\n", f.matches,
		    f.matches == 1 ? "" : "es", f.sections,
		    f.sections == 1 ? "" : "s");
		status = f.matches > 0 ? 0 : 1;
	} else
		status = main_write_error();
	search_release(&f.s);
	search_index_free(f.ix);
	return status;
}

/* One of the articles given, for the pager. */
struct main_article {
	const char		*path;
	struct load_job		*job;		/* owned, or NULL: unread */
	struct recall		 rc;		/* where the reader was */
	bool			 disk;		/* rc is on disk, saved after */
	const struct main_opts	*o;		/* borrowed, for main_prepare() */
	struct diag		*dg;		/* borrowed, likewise */
};

/* The view's options for article `i` of `n`. */
static void
main_view_opts(const struct main_opts *o, struct main_article *a,
    const char *opener, size_t i, size_t n, struct view_opts *v)
{
	memset(v, 0, sizeof(*v));
	v->measure = o->width != 0 ? o->width : MAIN_PAGER_MEASURE;
	v->sidebar = o->sidebar;
	v->side_width = o->side_width;
	v->theme = main_pager_theme(o);
	v->mouse = o->mouse;
	v->hyperlinks = o->hyperlinks;
	v->opener = opener;
	/* +/query and --section are for the first article, as in less. */
	v->search = i == 0 ? o->start : NULL;
	v->talk = i == 0 ? o->talk : 0;
	v->how = load_how(a->job);
	v->file = (unsigned int)i;
	v->nfiles = (unsigned int)n;
	v->memory = &a->rc.mem;
}

/*
 * Where the reader was in article `a`: from the state files, unless it
 * comes from a pipe or is built in, or -n; else kept for this run only,
 * for :n and :p.  A read to tell whether it changed is given up when
 * `stop` says so; nothing is remembered of it then.
 */
static void
main_recall(const struct main_opts *o, struct main_article *a,
    struct diag *dg, bool (*stop)(void))
{
	uint64_t	 digest, stamp = 0;

	a->disk = o->remember && !load_is_pipe(a->job) && !o->sample &&
	    recall_open(&a->rc, a->path, dg);
	if (!a->disk) {
		memset(&a->rc, 0, sizeof(a->rc));
		return;
	}
	load_stamp(a->job, &stamp);
	/*
	 * Whether the article changed: its file's stamp tells at once when
	 * it is as it was, else all of it is read to tell.
	 */
	if (!recall_settle_stamp(&a->rc, stamp) && recall_has_place(&a->rc)) {
		/* Given up: the place on file stays as it is. */
		if (!load_read_all(a->job, stop)) {
			recall_release(&a->rc);
			memset(&a->rc, 0, sizeof(a->rc));
			a->disk = false;
			return;
		}
		if (load_digest(a->job, &digest))
			recall_settle(&a->rc, digest);
	}
}

/*
 * Before article `arg` is first shown: where the reader was in it.  Not
 * before, so that an article never shown costs nothing, nor is it
 * remembered anew; and it is known as it is when it is read.
 */
static void
main_prepare(void *arg, bool (*stop)(void))
{
	struct main_article	*a = arg;

	main_recall(a->o, a, a->dg, stop);
}

/*
 * Save where the reader was, if `save`, with one warning for all that
 * fails; then let it go.
 */
static void
main_keep(struct main_article **arts, size_t n, bool save)
{
	char	 why[256];
	uint64_t digest;
	size_t	 i;
	bool	 warned = false;

	for (i = 0; i < n; i++) {
		/*
		 * Not read through, the article is known by its file's stamp,
		 * or by the digest its stamp vouched for.
		 */
		if (load_digest(arts[i]->job, &digest))
			arts[i]->rc.digest = digest;
		if (save && arts[i]->disk && !recall_save(&arts[i]->rc, why,
		    sizeof(why)) && !warned) {
			fprintf(stderr, "olsread: the place is not "
			    "remembered: %s\n", why);
			warned = true;
		}
		if (arts[i]->disk)
			recall_release(&arts[i]->rc);
		else
			view_memory_release(&arts[i]->rc.mem);
	}
}

/* The pager on the articles that could be read. */
static int
main_page(const struct main_opts *o, struct main_article *arts, size_t n,
    struct diag *dg)
{
	struct screen_article	*sa;
	struct main_article	**read;
	char			*opener = opener_find();
	size_t			 i, m = 0;
	int			 status, sig = 0;

	/* Only the articles that could be read are paged through. */
	sa = xcalloc(n, sizeof(*sa));
	read = xcalloc(n, sizeof(*read));
	for (i = 0; i < n; i++) {
		if (arts[i].job == NULL)
			continue;
		arts[i].o = o;
		arts[i].dg = dg;
		read[m] = &arts[i];
		sa[m].prepare = main_prepare;
		sa[m].arg = &arts[i];
		sa[m++].job = arts[i].job;
	}
	for (i = 0; i < m; i++)
		main_view_opts(o, read[i], opener, i, m, &sa[i].opts);
	status = screen_run(sa, m, o->keys, dg, &sig);
	free(opener);
	if (status != 0)
		fprintf(stderr, "olsread: cannot set up the terminal\n");
	main_keep(read, m, status == 0);
	free(sa);
	free(read);
	/* The pager showed the first message only; the reader fixes all. */
	main_show_diag_n(dg, o->ncfgmsgs);
	if (sig != 0)
		screen_die(sig);
	return status;
}

/*
 * The pager, on a terminal that can show it; printing the articles
 * otherwise, with a word on why.
 */
static int
main_read(const struct main_opts *o, struct main_article *arts, size_t n,
    struct diag *dg)
{
	struct main_opts	 plain;
	char			 why[256];
	size_t			 i;
	int			 status = 0;

	if (screen_usable(why, sizeof(why)))
		return main_page(o, arts, n, dg);
	fprintf(stderr, "olsread: %s; printing the article\n", why);
	/* A terminal not known is not known to take colour either. */
	plain = *o;
	if (plain.color == MAIN_COLOR_AUTO)
		plain.color = MAIN_COLOR_NEVER;
	for (i = 0; i < n && status == 0; i++)
		if (arts[i].job != NULL)
			status = main_print(&plain, arts[i].job);
	main_show_diag(dg);
	return status;
}

/* Text is UTF-8 whatever the locale says, for curses as for the rest. */
static void
main_locale(void)
{
	setlocale(LC_ALL, "");
	if (strcmp(nl_langinfo(CODESET), "UTF-8") != 0)
		setlocale(LC_CTYPE, "C.UTF-8");
}

/*
 * Start loading article `a`; false, with the reason said, when it cannot
 * be read.  A pipe given `later`, after the first, is read when first
 * shown.
 */
static bool
main_load(const struct main_opts *o, struct main_article *a, bool later,
    struct diag *dg)
{
	char	 err[256];
	int	 flags = (o->smart ? LOAD_SMART : 0) | (later ? LOAD_LATER : 0);

	/*
	 * Printed, a gzip article that decodes past the limit is refused
	 * before any of it is out; the pager shows its first screen first.
	 */
	if (o->mode != MAIN_READ || !isatty(STDOUT_FILENO))
		flags |= LOAD_CHECK;

	if (o->sample) {
		a->job = load_start_buffer(a->path,
		    (const char *)olsread_sample, olsread_sample_len, flags, dg);
		return true;
	}
	if ((a->job = load_start(a->path, flags, dg, err, sizeof(err))) !=
	    NULL)
		return true;
	fprintf(stderr, "olsread: %s: %s\n", strcmp(a->path, "-") == 0 ?
	    "standard input" : a->path, err);
	return false;
}

/*
 * --speakers: every article read to its end, then their speakers, each
 * once.  Returns the exit status.
 */
static int
main_speakers(const struct main_opts *o, struct main_article *arts,
    size_t n)
{
	struct speakers		 sp;
	const char		**names;
	size_t			 i;
	int			 status = 0;

	speakers_init(&sp);
	names = xcalloc(n, sizeof(*names));
	for (i = 0; i < n; i++) {
		names[i] = strcmp(arts[i].path, "-") == 0 ?
		    "(standard input)" : arts[i].path;
		if (arts[i].job == NULL)
			continue;
		while (load_next(arts[i].job))
			continue;
		if (load_failed(arts[i].job))
			status = 1;
		speakers_add(&sp, load_doc(arts[i].job), (unsigned int)i);
	}
	speakers_finish(&sp);
	if (dump_speaker_list(stdout, &sp, names, n, o->tsv,
	    main_width(o)) != 0 ||
	    fflush(stdout) != 0)
		status = main_write_error();
	speakers_release(&sp);
	free(names);
	return status;
}

/* The one article of --dump, --toc, --search or a pipe. */
static int
main_out(const struct main_opts *o, struct load_job *job)
{
	int	 status = o->mode == MAIN_SEARCH ? main_search(o, job) :
		    main_print(o, job);

	/* Cut short by a read error: what was read is out, the rest not. */
	return status == 0 && load_failed(job) ? 1 : status;
}

int
main(int argc, char *argv[])
{
	struct main_opts	 o;
	struct main_article	*arts;
	struct cfg		 conf;
	struct diag		 dg;
	size_t			 i, loaded = 0;
	int			 status;

	main_locale();
	memset(&o, 0, sizeof(o));
	o.remember = true;
	cfg_init(&o.cli);
	main_parse(argc, argv, &o);
	diag_init(&dg);
	main_configure(&o, &conf, &dg);
	arts = xcalloc(o.npaths, sizeof(*arts));
	for (i = 0; i < o.npaths; i++) {
		arts[i].path = i == 0 ? o.path : o.paths[i];
		loaded += main_load(&o, &arts[i], i > 0, &dg);
		/* Read later, they hold no descriptor meanwhile. */
		if (i > 0 && arts[i].job != NULL)
			load_park(arts[i].job);
	}
	if (loaded == 0)
		status = 1;
	else if (o.mode == MAIN_READ && isatty(STDOUT_FILENO))
		status = main_read(&o, arts, o.npaths, &dg);
	else if (o.mode == MAIN_READ) {
		/* Into a pipe, as cat would. */
		for (i = 0, status = 0; i < o.npaths && status == 0; i++)
			if (arts[i].job != NULL)
				status = main_out(&o, arts[i].job);
	} else if (o.mode == MAIN_SPEAKERS)
		status = main_speakers(&o, arts, o.npaths);
	else
		status = main_out(&o, arts[0].job);
	/* Repairs are told once the articles are out. */
	if (loaded == 0 || o.mode != MAIN_READ || !isatty(STDOUT_FILENO))
		main_show_diag(&dg);
	/* A file that could not be read is an error, the others shown. */
	if (status == 0 && loaded < o.npaths)
		status = 1;
	for (i = 0; i < o.npaths; i++)
		load_free(arts[i].job);
	free(arts);
	diag_release(&dg);
	return status;
}
