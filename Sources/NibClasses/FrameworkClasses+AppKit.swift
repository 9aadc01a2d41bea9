/// The AppKit half of the curated framework table (see FrameworkClasses.swift).
extension FrameworkClasses {
    /// Text-editing actions NSText/NSTextView implement (the Edit and Format menus of a new app).
    static let textActions = [
        "copy:", "cut:", "paste:", "pasteAsPlainText:", "pasteAsRichText:", "delete:", "selectAll:", "undo:", "redo:",
        "alignLeft:", "alignRight:", "alignCenter:", "alignJustified:", "checkSpelling:", "showGuessPanel:",
        "toggleContinuousSpellChecking:", "toggleGrammarChecking:", "toggleAutomaticSpellingCorrection:",
        "orderFrontSubstitutionsPanel:", "toggleSmartInsertDelete:", "toggleAutomaticQuoteSubstitution:",
        "toggleAutomaticDashSubstitution:", "toggleAutomaticLinkDetection:", "toggleAutomaticTextReplacement:",
        "toggleAutomaticDataDetection:", "toggleAutomaticTextCompletion:", "uppercaseWord:", "lowercaseWord:", "capitalizeWord:",
        "startSpeaking:", "stopSpeaking:", "performFindPanelAction:", "performTextFinderAction:", "centerSelectionInVisibleArea:",
        "copyFont:", "pasteFont:", "copyRuler:", "pasteRuler:", "underline:", "subscript:", "superscript:", "unscript:",
        "raiseBaseline:", "lowerBaseline:", "turnOffKerning:", "useStandardKerning:", "loosenKerning:", "tightenKerning:",
        "turnOffLigatures:", "useStandardLigatures:", "useAllLigatures:", "orderFrontSpacingPanel:", "orderFrontLinkPanel:",
        "orderFrontListPanel:", "orderFrontTablePanel:", "toggleRuler:", "changeLayoutOrientation:",
        "makeBaseWritingDirectionNatural:", "makeBaseWritingDirectionLeftToRight:", "makeBaseWritingDirectionRightToLeft:",
        "makeTextWritingDirectionNatural:", "makeTextWritingDirectionLeftToRight:", "makeTextWritingDirectionRightToLeft:",
        "changeAttributes:", "changeColor:", "changeFont:", "print:", "selectLine:", "selectParagraph:", "selectWord:",
        "showDefinition:", "toggleQuickLookPreviewPanel:", "outline:", "complete:", "replaceQuotesInSelection:",
        "replaceDashesInSelection:", "replaceTextInSelection:", "orderFrontSharingServicePicker:",
    ]

    /// Actions of NSWindow, NSApplication, NSDocument(Controller), NSFontManager and friends that
    /// a new app's main menu sends to First Responder.
    static let windowActions = [
        "performClose:", "performMiniaturize:", "performZoom:", "makeKeyAndOrderFront:", "orderOut:", "orderFront:", "orderBack:",
        "toggleToolbarShown:", "runToolbarCustomizationPalette:", "toggleFullScreen:", "miniaturize:", "deminiaturize:", "zoom:",
        "selectNextTab:", "selectPreviousTab:", "mergeAllWindows:", "moveTabToNewWindow:", "toggleTabBar:", "toggleTabOverview:",
        "newWindowForTab:", "print:", "runPageLayout:", "undo:", "redo:", "toggleSidebar:", "toggleInspector:",
    ]

    static let applicationActions = [
        "terminate:", "orderFrontStandardAboutPanel:", "orderFrontStandardAboutPanelWithOptions:", "hide:", "unhide:",
        "unhideAllApplications:", "hideOtherApplications:", "arrangeInFront:", "miniaturizeAll:", "orderFrontCharacterPalette:",
        "orderFrontColorPanel:", "runPageLayout:", "showHelp:", "stop:", "toggleTouchBarCustomizationPalette:",
        "activateContextHelpMode:", "newDocument:", "openDocument:", "clearRecentDocuments:", "saveAllDocuments:",
    ]

    static let documentActions = [
        "saveDocument:", "saveDocumentAs:", "saveDocumentTo:", "revertDocumentToSaved:", "runPageLayout:", "printDocument:",
        "duplicateDocument:", "renameDocument:", "moveDocument:", "lockDocument:", "unlockDocument:", "browseDocumentVersions:",
    ]

    static let fontActions = [
        "addFontTrait:", "removeFontTrait:", "modifyFont:", "modifyFontViaPanel:", "orderFrontFontPanel:", "orderFrontStylesPanel:",
    ]

    private static let controlTakes = [
        "takeStringValueFrom:", "takeIntValueFrom:", "takeDoubleValueFrom:", "takeFloatValueFrom:", "takeObjectValueFrom:",
        "takeIntegerValueFrom:", "performClick:",
    ]

    static let appKit: [String: Entry] = [
        "NSResponder": e("NSObject", ["nextResponder", "menu"], actions: ["showContextHelp:", "noResponderFor:"]),
        "NSView": e("NSResponder", ["layer", "nextKeyView", "menu", "toolTip"]),
        "NSControl": e("NSView", ["target", "delegate", "formatter", "cell"], actions: controlTakes),
        "NSButton": e("NSControl"),
        "NSTextField": e("NSControl", ["delegate"]),
        "NSSecureTextField": e("NSTextField"),
        "NSSearchField": e("NSTextField", ["delegate", "searchMenuTemplate"]),
        "NSTokenField": e("NSTextField", ["delegate"]),
        "NSComboBox": e("NSTextField", ["dataSource", "delegate"]),
        "NSPopUpButton": e("NSButton", ["menu"]),
        "NSImageView": e("NSControl", ["image"]),
        "NSSlider": e("NSControl"),
        "NSStepper": e("NSControl"),
        "NSSegmentedControl": e("NSControl"),
        "NSColorWell": e("NSControl"),
        "NSDatePicker": e("NSControl", ["delegate"]),
        "NSPathControl": e("NSControl", ["delegate"]),
        "NSLevelIndicator": e("NSControl"),
        "NSMatrix": e("NSControl", ["delegate", "prototype"]),
        "NSBrowser": e("NSControl", ["delegate"]),
        "NSRuleEditor": e("NSControl", ["delegate"]),
        "NSPredicateEditor": e("NSRuleEditor"),
        "NSTableView": e("NSControl", ["dataSource", "delegate", "headerView", "cornerView"]),
        "NSOutlineView": e("NSTableView"),
        "NSTableColumn": e("NSObject", ["headerCell", "dataCell", "tableView"]),
        "NSTableHeaderView": e("NSView", ["tableView"]),
        "NSTableCellView": e("NSView", ["textField", "imageView", "objectValue"]),
        "NSTableRowView": e("NSView"),
        "NSProgressIndicator": e("NSView"),
        "NSBox": e("NSView", ["contentView"]),
        "NSScrollView": e("NSView", ["documentView", "contentView", "verticalScroller", "horizontalScroller", "verticalRulerView"]),
        "NSClipView": e("NSView", ["documentView"]),
        "NSScroller": e("NSControl"),
        "NSText": e("NSView", ["delegate"], actions: textActions),
        "NSTextView": e("NSText", ["delegate"]),
        "NSTabView": e(
            "NSView", ["delegate"],
            actions: [
                "selectFirstTabViewItem:", "selectLastTabViewItem:", "selectNextTabViewItem:", "selectPreviousTabViewItem:",
                "takeSelectedTabViewItemFromSender:",
            ]),
        "NSTabViewItem": e("NSObject", ["view", "initialFirstResponder", "viewController", "tabView"]),
        "NSSplitView": e("NSView", ["delegate"]),
        "NSStackView": e("NSView", ["delegate"]),
        "NSGridView": e("NSView"),
        "NSVisualEffectView": e("NSView"),
        "NSCollectionView": e("NSView", ["dataSource", "delegate", "itemPrototype", "content", "collectionViewLayout", "backgroundView"]),
        "NSCollectionViewItem": e("NSViewController", ["textField", "imageView"]),
        "NSToolbar": e("NSObject", ["delegate"]),
        "NSToolbarItem": e("NSObject", ["view", "target", "menuFormRepresentation", "image", "toolbar"]),
        "NSMenu": e("NSObject", ["delegate", "supermenu"]),
        "NSMenuItem": e("NSObject", ["target", "submenu", "view", "representedObject", "menu"]),
        "NSWindow": e(
            "NSResponder", ["delegate", "initialFirstResponder", "contentView", "contentViewController", "toolbar", "windowController"],
            actions: windowActions),
        "NSPanel": e("NSWindow"),
        "NSDrawer": e("NSResponder", ["contentView", "delegate", "parentWindow"], actions: ["open:", "close:", "toggle:"]),
        "NSPopover": e("NSResponder", ["delegate", "contentViewController"], actions: ["performClose:"]),
        // `dockMenu`: the outlet "applicationDockMenu(_:)" documents ("You can also connect a
        // menu in Interface Builder to the dockMenu outlet"); NSApplication has no public property.
        "NSApplication": e(
            "NSResponder", ["delegate", "mainMenu", "windowsMenu", "servicesMenu", "helpMenu", "dockMenu"],
            actions: applicationActions),
        "NSViewController": e(
            "NSResponder", ["view", "representedObject", "title"], actions: ["dismissController:", "toggleSidebar:", "toggleInspector:"]),
        "NSTabViewController": e("NSViewController", ["tabView"]),
        "NSSplitViewController": e("NSViewController", ["splitView"]),
        "NSPageController": e("NSViewController", ["delegate"]),
        "NSTitlebarAccessoryViewController": e("NSViewController"),
        "NSWindowController": e("NSResponder", ["window", "document", "owner"], actions: ["showWindow:", "dismissController:"]),
        // `window` is NSDocument's Interface Builder outlet (`setWindow:`), set by a document nib
        // whose File's Owner is the document; the others are its settable properties.
        "NSDocument": e(
            "NSObject",
            ["window", "undoManager", "hasUndoManager", "printInfo", "fileURL", "fileType", "fileModificationDate", "displayName"],
            actions: documentActions),
        "NSDocumentController": e("NSObject", actions: applicationActions),
        "NSFontManager": e("NSObject", ["delegate", "target"], actions: fontActions),
        "NSController": e("NSObject"),
        "NSObjectController": e("NSController", ["content", "managedObjectContext"], actions: ["add:", "remove:", "fetch:"]),
        "NSArrayController": e(
            "NSObjectController", [], actions: ["add:", "remove:", "insert:", "selectNext:", "selectPrevious:", "fetch:"]),
        "NSTreeController": e("NSObjectController", [], actions: ["add:", "addChild:", "insert:", "insertChild:", "remove:", "fetch:"]),
        "NSDictionaryController": e("NSArrayController"),
        "NSUserDefaultsController": e("NSController", [], actions: ["revert:", "save:", "revertToInitialValues:"]),
        "NSCell": e("NSObject", ["representedObject", "formatter", "menu"]),
        "NSActionCell": e("NSCell", ["target"]),
        "NSButtonCell": e("NSActionCell"),
        "NSTextFieldCell": e("NSActionCell"),
        "NSSecureTextFieldCell": e("NSTextFieldCell"),
        "NSSearchFieldCell": e("NSTextFieldCell", ["searchMenuTemplate"]),
        "NSTokenFieldCell": e("NSTextFieldCell", ["delegate"]),
        "NSImageCell": e("NSCell"),
        "NSPopUpButtonCell": e("NSButtonCell", ["menu"]),
        "NSSegmentedCell": e("NSActionCell"),
        "NSFormatter": e("NSObject"),
        "NSNumberFormatter": e("NSFormatter"),
        "NSDateFormatter": e("NSFormatter"),
        "NSGestureRecognizer": e("NSObject", ["delegate", "target"]),
        "NSClickGestureRecognizer": e("NSGestureRecognizer"),
        "NSPanGestureRecognizer": e("NSGestureRecognizer"),
        "WebView": e(
            "NSView",
            [
                "frameLoadDelegate", "policyDelegate", "UIDelegate", "resourceLoadDelegate", "downloadDelegate", "editingDelegate",
                "hostWindow",
            ]),
        "PDFView": e("NSView", ["delegate"]),
        "NSOpenGLView": e("NSView"),
    ]
}
