# livephoto — build, test, demo, bench. `make test` installs what it needs on a fresh
# Debian machine (as root, or with sudo): the C libraries and the independent readers
# (ffmpeg, exiftool, heif-info) that the tests cross-check against, and strace.

PREFIX ?= /usr/local
SWIFT ?= swift
# Where `make install` puts things (under DESTDIR, for packaging).
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man/man1
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d
# The library versions pkg-config reports, compiled in for `livephoto --version`
# (libexif has no runtime version call). Evaluated when a recipe runs, after `deps`.
EXIF_VERSION = $(shell pkg-config --modversion libexif 2>/dev/null)
TURBOJPEG_VERSION = $(shell pkg-config --modversion libturbojpeg 2>/dev/null)
VERSION_FLAGS = -Xcc '-DLIVEPHOTO_LIBEXIF_VERSION="$(EXIF_VERSION)"' -Xcc '-DLIVEPHOTO_TURBOJPEG_VERSION="$(TURBOJPEG_VERSION)"'
# The man page (swift-argument-parser's generate-manual plugin) and the completion scripts.
DOCS = .build/docs
APT_PACKAGES = libexif-dev libturbojpeg0-dev libavcodec-dev libavutil-dev libswscale-dev libheif-dev pkg-config
TEST_PACKAGES = ffmpeg libimage-exiftool-perl libheif-examples strace
TEST_PYTHON_PACKAGES = pillow-heif
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps test-deps build release test folder-deps examples demo bench man completions install uninstall deb test-install fixtures clean

all: build

# Install the C libraries when pkg-config cannot find them.
deps:
	@if pkg-config --exists libexif libturbojpeg libavcodec libavutil libswscale libheif 2>/dev/null; then \
		echo "deps: libexif, libturbojpeg, libavcodec, libavutil, libswscale and libheif present"; \
	else \
		echo "deps: installing $(APT_PACKAGES)"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES); \
	fi

# The independent readers the tests cross-check against. A failed install fails here: a test
# run without them would skip (or, with CI=true, fail) every cross-check.
test-deps: deps
	@if command -v ffprobe >/dev/null && command -v exiftool >/dev/null && command -v heif-info >/dev/null && command -v strace >/dev/null; then \
		echo "test-deps: ffprobe, exiftool, heif-info and strace present"; \
	else \
		echo "test-deps: installing $(TEST_PACKAGES)"; \
		( $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(TEST_PACKAGES) ) \
			|| { echo "test-deps: could not install $(TEST_PACKAGES)" >&2; exit 1; }; \
	fi
	@# Debian's libheif (1.15) refuses iOS 17+ HEICs; pillow-heif brings a current one for the pixel cross-checks.
	@if python3 -c 'import pillow_heif' 2>/dev/null; then \
		echo "test-deps: pillow-heif present"; \
	else \
		echo "test-deps: installing $(TEST_PYTHON_PACKAGES) from PyPI"; \
		python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore $(TEST_PYTHON_PACKAGES) \
			|| { echo "test-deps: could not install $(TEST_PYTHON_PACKAGES)" >&2; exit 1; }; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product livephoto --static-swift-stdlib $(VERSION_FLAGS)

test: test-deps build folder-deps examples
	$(SWIFT) test

# The example packages build against this checkout (a path dependency: no network beyond the
# package's own dependencies), so a change to LivePhotoKit's public API that breaks them fails
# here; PairTwoFiles then pairs copies of two fixtures and must report a valid Live Photo.
examples: deps
	$(SWIFT) build --package-path Examples/PairTwoFiles
	@d=$$(mktemp -d) && cp Fixtures/still-no-exif.jpg "$$d/A.JPG" && cp Fixtures/movie-moov-last.mov "$$d/A.MOV" \
		&& $(SWIFT) run --skip-build --package-path Examples/PairTwoFiles PairTwoFiles "$$d/A.JPG" "$$d/A.MOV"; \
		status=$$?; rm -rf "$$d"; exit $$status

# LivePhotoKit's folders depend one way (scripts/folder-deps.py lists the order); a backward
# reference fails here with the files that make it.
folder-deps:
	python3 scripts/folder-deps.py --check

# Pair the bundled fixtures in a scratch folder, then inspect and verify the result.
demo: release
	bash scripts/demo.sh .build/release/livephoto

bench: release test-deps
	bash scripts/bench.sh .build/release/livephoto

# livephoto.1 from the command definitions, through swift-argument-parser's generate-manual
# plugin (it builds the package in debug mode and reads `livephoto --experimental-dump-help`).
man: deps
	$(SWIFT) package --allow-writing-to-package-directory generate-manual --configuration debug
	install -d $(DOCS)
	cp .build/plugins/GenerateManual/outputs/livephoto/livephoto.1 $(DOCS)/livephoto.1

# Shell completions, written by the release binary itself.
completions: release
	install -d $(DOCS)
	.build/release/livephoto --generate-completion-script bash >$(DOCS)/livephoto.bash
	.build/release/livephoto --generate-completion-script zsh >$(DOCS)/_livephoto
	.build/release/livephoto --generate-completion-script fish >$(DOCS)/livephoto.fish

install: release man completions
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR) $(DESTDIR)$(BASH_COMPLETION_DIR) $(DESTDIR)$(ZSH_COMPLETION_DIR) $(DESTDIR)$(FISH_COMPLETION_DIR)
	install -m 0755 .build/release/livephoto $(DESTDIR)$(BINDIR)/livephoto
	install -m 0644 $(DOCS)/livephoto.1 $(DESTDIR)$(MANDIR)/livephoto.1
	install -m 0644 $(DOCS)/livephoto.bash $(DESTDIR)$(BASH_COMPLETION_DIR)/livephoto
	install -m 0644 $(DOCS)/_livephoto $(DESTDIR)$(ZSH_COMPLETION_DIR)/_livephoto
	install -m 0644 $(DOCS)/livephoto.fish $(DESTDIR)$(FISH_COMPLETION_DIR)/livephoto.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/livephoto $(DESTDIR)$(MANDIR)/livephoto.1 $(DESTDIR)$(BASH_COMPLETION_DIR)/livephoto \
		$(DESTDIR)$(ZSH_COMPLETION_DIR)/_livephoto $(DESTDIR)$(FISH_COMPLETION_DIR)/livephoto.fish

# A Debian package (dpkg-deb) of the binary, man page and completions, with the shared
# libraries it links as Depends: at the versions installed here.
deb: release man completions
	bash scripts/make-deb.sh

# Checks `make install`/`uninstall` under a scratch PREFIX and the package's contents and
# dependencies; as root with apt, also installs the package into this system, pairs the
# fixtures with the installed binary, and removes the package again.
test-install: deb test-deps
	bash scripts/test-install.sh

# Regenerate the committed fixtures (needs ffmpeg, exiftool, python3).
fixtures: test-deps
	bash Fixtures/generate.sh

.PHONY: fuzz cli-fuzz sanitize mutants

# One-line mutations of the code (scripts/mutants.sh lists them), each built and tested in a
# scratch copy of the tree; prints the kill rate and fails when one survives. Not in CI (time).
mutants: deps
	SWIFT=$(SWIFT) bash scripts/mutants.sh

# libFuzzer targets (Fuzz/<Target>.swift), FUZZ_SECONDS each; a new target is one driver file
# plus its name here. Not part of `make test` (time).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = BoxReader MovieEdit StillImage HEIFReader TailAppend
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT=$(SWIFT) bash scripts/fuzz.sh $(FUZZ_TARGETS)

# Damaged corpus and fixture files through every command as a user runs it (scripts/cli-fuzz.py):
# fails on a crash, a hang or a malformed error line; lists each command's refusal reasons.
CLI_FUZZ_ROUNDS ?= 100
CLI_FUZZ_SEED ?= 1
cli-fuzz: build
	python3 scripts/cli-fuzz.py --rounds $(CLI_FUZZ_ROUNDS) --seed $(CLI_FUZZ_SEED)

# The test suite under AddressSanitizer, then under ThreadSanitizer (each in its own build
# folder, so the CLI tests run the sanitized `livephoto`). Not part of `make test` (time).
# scripts/sanitizers/*.supp name the toolchain's own reports (see the comments there).
sanitize: test-deps
	ASAN_OPTIONS=suppressions=$(CURDIR)/scripts/sanitizers/asan.supp \
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/sanitizers/lsan.supp:print_suppressions=0 \
		$(SWIFT) test --sanitize=address --scratch-path .build-asan
	LIVEPHOTO_SANITIZER=thread $(SWIFT) test --sanitize=thread --scratch-path .build-tsan

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan bench-out
