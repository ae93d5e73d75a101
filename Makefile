# livephoto — build, test, demo, bench. `make test` installs what it needs on a fresh
# Debian machine (as root, or with sudo): the C libraries and the independent readers
# (ffmpeg, exiftool) that the tests cross-check against.

PREFIX ?= /usr/local
SWIFT ?= swift
APT_PACKAGES = libexif-dev libturbojpeg0-dev pkg-config
TEST_PACKAGES = ffmpeg libimage-exiftool-perl libheif-examples
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps test-deps build release test demo bench install uninstall fixtures clean

all: build

# Install the C libraries when pkg-config cannot find them.
deps:
	@if pkg-config --exists libexif libturbojpeg 2>/dev/null; then \
		echo "deps: libexif and libturbojpeg present"; \
	else \
		echo "deps: installing $(APT_PACKAGES)"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(APT_PACKAGES); \
	fi

# The independent readers the tests cross-check against; tests skip only where these cannot be installed.
test-deps: deps
	@if command -v ffprobe >/dev/null && command -v exiftool >/dev/null && command -v heif-info >/dev/null; then \
		echo "test-deps: ffprobe, exiftool and heif-info present"; \
	else \
		echo "test-deps: installing $(TEST_PACKAGES)"; \
		( $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(TEST_PACKAGES) ) \
			|| echo "test-deps: could not install $(TEST_PACKAGES); cross-check tests will skip"; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --static-swift-stdlib

test: test-deps build
	$(SWIFT) test

# Pair the bundled fixtures in a scratch folder, then inspect and verify the result.
demo: release
	bash scripts/demo.sh .build/release/livephoto

bench: release test-deps
	bash scripts/bench.sh .build/release/livephoto

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 .build/release/livephoto $(DESTDIR)$(PREFIX)/bin/livephoto

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/livephoto

# Regenerate the committed fixtures (needs ffmpeg, exiftool, python3).
fixtures: test-deps
	bash Fixtures/generate.sh

.PHONY: fuzz sanitize

# libFuzzer targets (Fuzz/<Target>.swift), FUZZ_SECONDS each; a new target is one driver file
# plus its name here. Not part of `make test` (time).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = BoxReader MovieEdit StillImage
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT=$(SWIFT) bash scripts/fuzz.sh $(FUZZ_TARGETS)

# The test suite under AddressSanitizer, then under ThreadSanitizer (each in its own build
# folder, so the CLI tests run the sanitized `livephoto`). Not part of `make test` (time).
# scripts/sanitizers/*.supp name the toolchain's own reports (see the comments there).
sanitize: test-deps
	ASAN_OPTIONS=suppressions=$(CURDIR)/scripts/sanitizers/asan.supp \
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/sanitizers/lsan.supp \
		$(SWIFT) test --sanitize=address --scratch-path .build-asan
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan

clean:
	rm -rf .build bench-out
